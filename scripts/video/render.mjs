#!/usr/bin/env node
// Renders public/video/hero.{webm,mp4} from hero-scene.html, frame by frame. The poster is drawn in
// components/landing/hero-poster.ts (vector art inside the page), after this scene.
//   apt-get install -y ffmpeg   (Debian's package; CI does not need it — the outputs are committed)
//   node scripts/video/render.mjs
// The scene draws any instant on demand (window.renderAt), so the output is deterministic.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../lib/chromium.mjs';

const FPS = 20;
const DURATION_MS = 16_000;
const root = new URL('../..', import.meta.url).pathname;
const out = join(root, 'public/video');
const frames = mkdtempSync(join(tmpdir(), 'hero-frames-'));

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`file://${join(root, 'scripts/video/hero-scene.html')}`);
  const total = (DURATION_MS / 1000) * FPS;
  /** The scene's own hook (hero-scene.html): draws the frame at `ms`. */
  const renderAt = (/** @type {number} */ ms) =>
    /** @type {Window & { renderAt(ms: number): void }} */ (/** @type {unknown} */ (window)).renderAt(ms);
  for (let i = 0; i < total; i++) {
    await page.evaluate(renderAt, (i * 1000) / FPS);
    await page.screenshot({ path: join(frames, `f${String(i).padStart(4, '0')}.png`) });
  }
} finally {
  await browser.close();
}

const ffmpeg = (/** @type {string[]} */ ...args) =>
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...args], { stdio: 'inherit' });
const input = ['-framerate', String(FPS), '-i', join(frames, 'f%04d.png')];
ffmpeg(
  ...input,
  '-c:v',
  'libvpx-vp9',
  '-b:v',
  '0',
  '-crf',
  '42',
  '-row-mt',
  '1',
  '-an',
  '-pix_fmt',
  'yuv420p',
  join(out, 'hero.webm'),
);
ffmpeg(
  ...input,
  '-c:v',
  'libx264',
  '-preset',
  'slow',
  '-crf',
  '30',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
  '-an',
  join(out, 'hero.mp4'),
);
rmSync(frames, { recursive: true, force: true });

for (const name of ['hero.webm', 'hero.mp4']) {
  console.log(`${name}: ${(statSync(join(out, name)).size / 1024).toFixed(0)} KB`);
}
