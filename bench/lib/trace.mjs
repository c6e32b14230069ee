// A page load with a Chromium trace, a long-task recorder, and the median table, for the benchmarks
// that read where the renderer's main thread goes (main-thread.mjs, long-tasks.mjs,
// pay-form-draw.mjs).

/**
 * Loads `url` in a fresh mobile-sized context with tracing on and returns the trace events.
 * `cpuSlowdown` throttles the CPU (Lighthouse's mobile setting is 4); `settleMs` keeps tracing after load.
 */
export async function traceLoad(browser, url, { categories, cpuSlowdown = 1, settleMs }) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const trace = [];
  cdp.on('Tracing.dataCollected', ({ value }) => trace.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(settleMs);
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  return trace;
}

/**
 * A page init script (page.addInitScript) that records long tasks from the start of the page:
 * window.longTasks, [start, duration] in ms.
 */
export function recordLongTasks() {
  const record = /** @type {any} */ (window);
  record.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** Prints one row per page: the median over runs of each figure, rounded. `results`: page → rows. */
export function printMedians(title, results) {
  console.log(title);
  console.table(
    [...results].map(([page, rows]) => ({
      page,
      ...Object.fromEntries(Object.keys(rows[0]).map((k) => [k, Math.round(median(rows.map((r) => r[k])))])),
    })),
  );
}
