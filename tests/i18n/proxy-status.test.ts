import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { linkOpening } from '@/lib/server/links/link-exchange';
import { useTestStore } from '@/tests/support/stores';

jest.mock('@/lib/server/links/link-exchange', () => ({
  ...jest.requireActual<object>('@/lib/server/links/link-exchange'),
  linkOpening: jest.fn(),
}));

// A stand-in build: the proxy serves the status pages `next build` prerendered, from NEXT_DIST_DIR.
const dist = mkdtempSync(join(tmpdir(), 'status-pages-'));
const page = (locale: string, name: string, heading: string) => {
  mkdirSync(join(dist, 'server', 'app', locale), { recursive: true });
  writeFileSync(
    join(dist, 'server', 'app', locale, `${name}.html`),
    `<!DOCTYPE html><html lang="${locale}"><body><h1>${heading}</h1><a href="/${locale}">home</a><script>boot("${locale}")</script></body></html>`,
  );
};
page('vi', 'not-found-page', 'Không tìm thấy trang này');
page('vi', 'error-page', 'Đã xảy ra lỗi');
page('en', 'error-page', 'Something went wrong');
process.env.NEXT_DIST_DIR = dist;

const get = (url: string) => proxy(new NextRequest(url));
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe('status pages served by the request layer', () => {
  // /pay is served only while the ledger answers: the suite's own database, not the checkout's .data.
  useTestStore('pglite');

  it('answers an unknown path with the locale’s prerendered 404 HTML, its scripts allowed by hash', async () => {
    const response = await get('http://localhost:3000/vi/nope');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<h1>Không tìm thấy trang này</h1>');
    expect(response.headers.get('content-security-policy')).toContain(hashOf('boot("vi")'));
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('answers its own failure with the translated error page and status 500, not a bare 500', async () => {
    jest.mocked(linkOpening).mockRejectedValueOnce(new Error('boom'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const response = await get('http://localhost:3000/vi/pay?t=x');
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('<html lang="vi">');
    expect(html).toContain('<h1>Đã xảy ra lỗi</h1>');
    expect(html).toContain('href="/vi"');
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('falls back to English for a failure outside any locale prefix', async () => {
    jest.mocked(linkOpening).mockRejectedValueOnce(new Error('boom'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const response = await get('http://localhost:3000/pay?t=x');
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('<h1>Something went wrong</h1>');
  });
});
