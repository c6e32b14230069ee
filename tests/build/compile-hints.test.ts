import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILE_HINT, compileHints, firstLoadChunks } from '@/scripts/build/compile-hints.mjs';
import { paintFirstHtml } from '@/scripts/build/paint-first.mjs';

const canonical = (path: string) => `<link rel="canonical" href="http://localhost:3000${path}"/>`;
const script = (name: string) => `<script src="/_next/static/chunks/${name}" async=""></script>`;
const page = (path: string, chunks: string[]) =>
  `<!DOCTYPE html><html><head>${chunks.map(script).join('')}${canonical(path)}` +
  '<script src="/_next/static/chunks/polyfill.js" noModule=""></script></head><body><main>Hi</main></body></html>';

/** A build with a landing (paint-first applied), a pay page (chunk scripts as Next wrote them) and chunk files. */
function build() {
  const dist = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  mkdirSync(join(dist, 'server', 'app', 'vi'), { recursive: true });
  mkdirSync(join(dist, 'static', 'chunks'), { recursive: true });
  writeFileSync(join(dist, 'server', 'app', 'en.html'), paintFirstHtml(page('', ['framework.js', 'landing.js'])));
  writeFileSync(join(dist, 'server', 'app', 'vi', 'pay.html'), page('/vi/pay', ['framework.js', 'pay.js']));
  const code = (name: string) => `(globalThis.TURBOPACK||=[]).push(["${name}",(e)=>{e.v(1)}]);`;
  for (const name of ['framework.js', 'landing.js', 'pay.js', 'paypal-buttons.js', 'polyfill.js']) {
    writeFileSync(join(dist, 'static', 'chunks', name), code(name));
  }
  const chunk = (name: string) => readFileSync(join(dist, 'static', 'chunks', name), 'utf8');
  return { dist, chunk, code };
}

describe('compile hints: the chunks a page starts with are compiled while they download', () => {
  it('finds the chunks a page starts with, whether Next wrote them as scripts or paint-first moved them into its loader', () => {
    expect(firstLoadChunks(page('/x', ['a.js', 'b.js']))).toEqual([
      '/_next/static/chunks/a.js',
      '/_next/static/chunks/b.js',
    ]);
    expect(firstLoadChunks(paintFirstHtml(page('/x', ['a.js', 'b.js'])))).toEqual([
      '/_next/static/chunks/a.js',
      '/_next/static/chunks/b.js',
    ]);
  });

  it("begins every first-load chunk of the public pages with V8's hint, and leaves the code after it byte for byte", () => {
    const { dist, chunk, code } = build();
    expect(compileHints(dist)).toBe(3);
    for (const name of ['framework.js', 'landing.js', 'pay.js']) expect(chunk(name)).toBe(COMPILE_HINT + code(name));
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });

  it('leaves alone chunks no page starts with (loaded later, for one feature) and the legacy polyfill', () => {
    const { dist, chunk, code } = build();
    compileHints(dist);
    expect(chunk('paypal-buttons.js')).toBe(code('paypal-buttons.js'));
    expect(chunk('polyfill.js')).toBe(code('polyfill.js'));
  });

  it('is idempotent: a second run changes no file and never doubles the hint', () => {
    const { dist, chunk, code } = build();
    compileHints(dist);
    expect(compileHints(dist)).toBe(0);
    expect(chunk('framework.js')).toBe(COMPILE_HINT + code('framework.js'));
  });
});
