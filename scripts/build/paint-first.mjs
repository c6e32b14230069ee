// After `next build`: the prerendered pages start the framework's scripts once their first
// contentful paint is on screen, instead of whenever the scripts happen to arrive.
//
// Why: Next writes its chunks as `<script async>` in the head. On a fast connection they arrive
// while the page is still being laid out, and run between the main thread's paint and the moment
// that frame is on screen, competing with rasterisation on the same cores. A profile of `/` on the
// CI machine (2 cores): the paint was ready at ~175 ms, the chunks ran from ~190 ms, and the frame
// reached the screen at ~225 ms. Lighthouse's simulation then counts every script downloaded before
// that frame into the largest contentful paint (2.4 s instead of 1.1 s on a throttled phone). Nothing
// on these pages needs JavaScript to be read or used: the links and the language switcher work without it.
//
// What changes: the chunk scripts (and Next's preload of one of them) leave the HTML; one inline
// script requests them when the browser reports the first contentful paint, at once in a hidden tab
// or a browser without paint timing, and after 3 s whatever happens. Until that paint the HTML, the
// CSS and the hero image have the connection and the cores to themselves; the chunks are low
// priority anyway (Chromium holds async scripts back until the CSS and the hero image are in).
// Not on /pay: its form is drawn by script from /api/pay/view, so there the script is the content.
//
// A page may go further and declare (with ON_INTERACTION_META, a meta tag) that it is whole without
// the framework until the visitor acts: the landing pages. There the loader waits for the first sign
// of a person (a pointer, a key, a touch, the wheel, a scroll, focus) instead of the first paint.
// Why: even a bare Next page spends its first seconds on a throttled phone running React and the
// router (Lighthouse: 250 ms of blocking for one <h1>), and a visitor who only reads the landing
// gains nothing from it; its links, language list, menu and reveals are HTML and CSS. The first
// interaction brings the client navigation, the progress bar and the video's autoplay.
// Idempotent; the CSP step after it hashes the inline script with the others. It reads Next's HTML,
// so it checks what it finds (./next-output.mjs): a public page with no chunk script in the form
// below, a chunk script left in another form, or no page at all is an error naming this step.
//   node scripts/build/after-next-build.mjs     (runs this, then the CSP hashes)
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ON_INTERACTION_META } from '../../lib/config/framework-start.mjs';
import { isPayPage, publicPages } from '../csp/hash-pages.mjs';
import { whenPaintedSource } from '../lib/when-painted.mjs';
import { BuildStepError } from './next-output.mjs';

const MARK = 'data-paint-first';
/** A chunk script as Next writes it into a prerendered page (group 1: its path). */
export const CHUNK_SCRIPT = /<script src="(\/_next\/static\/chunks\/[^"]+\.js)" async=""><\/script>/g;
const CHUNK_PRELOAD =
  /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/chunks\/[^"]+\.js)"\/>/g;
const LOADER = new RegExp(`<script ${MARK}="">[\\s\\S]*?</script>`);
/** Any script tag naming a chunk except the legacy polyfill's (noModule): what must not be left after the step. */
const ANY_CHUNK_SCRIPT = /<script\b(?![^>]*noModule)[^>]*\bsrc="\/_next\/static\/chunks\/[^"]+"[^>]*>/g;
const STEP = 'paint-first';

/** ON_INTERACTION_META as React writes it into a prerendered page. */
export const ON_INTERACTION_MARK = `<meta name="${ON_INTERACTION_META.name}" content="${ON_INTERACTION_META.content}"/>`;

/** What tells the visitor is there (capture phase, so no handler on the page can hide it). */
export const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll', 'focusin', 'mousemove'];

const insertChunks =
  'chunks.forEach(function(src){var s=document.createElement("script");s.src=src;s.async=true;document.head.appendChild(s)})';

/**
 * The inline script that inserts `chunks` after the first contentful paint, or with `onInteraction`
 * on the visitor's first interaction (ES5: it runs before any polyfill).
 */
export function paintFirstLoader(chunks, { onInteraction = false } = {}) {
  const body = onInteraction
    ? [
        `var started=false,events=${JSON.stringify(INTERACTION_EVENTS)};`,
        'function start(){if(started)return;started=true;',
        'events.forEach(function(t){removeEventListener(t,start,true)});',
        `${insertChunks}}`,
        'events.forEach(function(t){addEventListener(t,start,{capture:true,passive:true})})',
      ]
    : [
        'var started=false;',
        `function start(){if(started)return;started=true;${insertChunks}}`,
        whenPaintedSource,
        'whenPainted(start);',
        // A tab hidden before its first paint gets none reported; and nothing waits longer than 3 s.
        'document.addEventListener("visibilitychange",start);',
        'setTimeout(start,3000)',
      ];
  return ['(function(chunks){', ...body, `})(${JSON.stringify(chunks)})`].join('');
}

/**
 * One page's HTML with its chunk scripts started after the first paint or interaction (unchanged
 * if already done). `where` names the page in errors: a page without Next's chunk scripts in the
 * form CHUNK_SCRIPT describes, or with one left in another form, means Next's HTML changed.
 */
export function paintFirstHtml(html, where = 'page') {
  if (html.includes(MARK)) return html;
  const chunks = [];
  const rest = html.replace(CHUNK_SCRIPT, (_, src) => {
    chunks.push(src);
    return '';
  });
  if (chunks.length === 0) {
    throw new BuildStepError(
      STEP,
      `${where} has no chunk script of the form <script src="/_next/static/chunks/….js" async=""></script>: ` +
        "Next's prerendered HTML changed; read it and update CHUNK_SCRIPT in scripts/build/paint-first.mjs",
    );
  }
  const left = rest.match(ANY_CHUNK_SCRIPT);
  if (left) {
    throw new BuildStepError(
      STEP,
      `${where} still has a chunk script in a form this step does not know (${left[0]}): ` +
        "Next's prerendered HTML changed; read it and update CHUNK_SCRIPT in scripts/build/paint-first.mjs",
    );
  }
  if (rest.split('</body>').length !== 2) {
    throw new BuildStepError(STEP, `${where} does not have exactly one </body>, where the loader goes`);
  }
  const withoutPreloads = rest.replace(CHUNK_PRELOAD, (tag, src) => (chunks.includes(src) ? '' : tag));
  const loader = paintFirstLoader(chunks, { onInteraction: html.includes(ON_INTERACTION_MARK) });
  return withoutPreloads.replace('</body>', `<script ${MARK}="">${loader}</script></body>`);
}

/** The chunks a page's loader starts after the first paint (none if the page has no loader). */
export function paintFirstChunks(html) {
  const loader = LOADER.exec(html)?.[0] ?? '';
  return [...loader.matchAll(/"(\/_next\/static\/chunks\/[^"]+\.js)"/g)].map((m) => m[1]);
}

/** The public pages of a build that already carry the loader (their paths). */
export function paintFirstPages(distDir) {
  const appDir = join(distDir, 'server', 'app');
  return [...publicPages(appDir)].filter(({ html }) => html.includes(MARK)).map(({ path }) => path);
}

/**
 * Applies paintFirstHtml to every public prerendered page of a build but the pay page.
 * Returns how many pages it changed now and how many carry the loader in all (a second run changes none).
 */
export function paintFirst(distDir = process.env.NEXT_DIST_DIR || '.next') {
  const appDir = join(distDir, 'server', 'app');
  let changed = 0;
  let pages = 0;
  // Only pages served with their own hashed CSP (the public ones): another page's policy could
  // refuse the inline script, and the page would never start.
  for (const { file, html, path } of publicPages(appDir)) {
    if (isPayPage(path)) continue;
    pages++;
    const next = paintFirstHtml(html, `${relative(appDir, file)} (${path})`);
    if (next !== html) {
      writeFileSync(file, next);
      changed++;
    }
  }
  if (pages === 0) {
    throw new BuildStepError(
      STEP,
      `found no public prerendered page under ${appDir} (an HTML file with <link rel="canonical">): ` +
        "run next build first, or Next's output layout changed",
    );
  }
  return { changed, pages };
}
