import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { hashPages } from '@/scripts/csp/hash-pages.mjs';

// A stand-in build: two prerendered pages with their canonical URLs, and Next's routes manifest.
function build(): string {
  const dist = mkdtempSync(join(tmpdir(), 'page-csp-'));
  const page = (route: string, path: string, script: string) => {
    mkdirSync(join(dist, 'server', 'app', route, '..'), { recursive: true });
    writeFileSync(
      join(dist, 'server', 'app', `${route}.html`),
      `<!DOCTYPE html><html><head><link rel="canonical" href="http://localhost:3000${path}"/></head><body><script>${script}</script><script src="/_next/a.js"></script></body></html>`,
    );
  };
  page('en', '/', 'home()');
  page('vi/pay', '/vi/pay', 'pay("vi")');
  page('vi/join', '/vi/join', 'join("vi")');
  writeFileSync(join(dist, 'routes-manifest.json'), JSON.stringify({ headers: [] }));
  return dist;
}

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const scriptSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('script-src')) ?? '';

describe('per-page CSP after the build (scripts/csp/hash-pages.mjs)', () => {
  it('allows each prerendered page exactly its own inline scripts by hash, never unsafe-inline', () => {
    const policies = hashPages(build()) as Record<string, string>;
    expect(scriptSrc(policies['/vi/join']!)).toBe(`script-src 'self' ${hashOf('join("vi")')}`);
    expect(policies['/vi/join']).not.toContain(hashOf('pay("vi")'));
    for (const policy of Object.values(policies)) expect(scriptSrc(policy)).not.toContain('unsafe');
  });

  it('names PayPal’s hosts on the prerendered pay page only, for scripts and frames', () => {
    const policies = hashPages(build()) as Record<string, string>;
    expect(scriptSrc(policies['/vi/pay']!)).toMatch(/'sha256-[^']+' https:\/\/www\.paypal\.com/);
    expect(policies['/vi/pay']).toMatch(/frame-src https:\/\/www\.paypal\.com/);
    expect(policies['/vi/join']).not.toContain('paypal');
    expect(policies['/']).not.toContain('paypal');
  });

  it('writes one header rule per page into the routes manifest, so next start sends it with no code per request', () => {
    const dist = build();
    const policies = hashPages(dist) as Record<string, string>;
    const manifest = JSON.parse(readFileSync(join(dist, 'routes-manifest.json'), 'utf8')) as {
      headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
    };
    const rule = manifest.headers.find((r) => r.source === '/vi/pay');
    expect(rule?.headers).toEqual([{ key: 'Content-Security-Policy', value: policies['/vi/pay'] }]);
    hashPages(dist); // idempotent: a second run replaces its rules
    expect(JSON.parse(readFileSync(join(dist, 'routes-manifest.json'), 'utf8')).headers).toHaveLength(3);
  });
});
