#!/usr/bin/env node
// The MDN HTTP Observatory grade of our headers, computed locally from its published rules
// (lib/security/observatory.mjs): the service itself cannot reach this machine.
//   npm run build && npm run observatory [-- --as https://quorum.example] [-- --path /vi]
// Starts `next start` on the build (OBSERVATORY_PORT, default 3901), requests the page the way the
// Observatory does (a GET of the site's root, following nothing) with the public host in `Host`, so
// the answer carries what production sends (HSTS, Secure cookies), and grades it as if served at
// that https origin. Assumes what the deployment provides: http → https on the same host (deploy/).
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { gradeResponse } from '../lib/security/observatory.mjs';
import { startServer } from '../bench/lib/server.mjs';

const { values } = parseArgs({
  options: { as: { type: 'string', default: 'https://quorum.example' }, path: { type: 'string', default: '/' } },
});
const publicUrl = new URL(values.path, values.as);
const port = Number(process.env.OBSERVATORY_PORT ?? 3901);

const get = (/** @type {string} */ path) =>
  new Promise((resolve, reject) => {
    const req = request(
      { host: 'localhost', port, path, headers: { host: publicUrl.host, 'x-forwarded-proto': 'https' } },
      (res) => {
        let html = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (html += chunk));
        res.on('end', () => resolve({ res, html }));
      },
    );
    req.on('error', reject);
    req.end();
  });

const server = await startServer({ port, env: { SITE_URL: publicUrl.origin, APP_ENV: 'development' } });
try {
  const { res, html } = await get(publicUrl.pathname);
  const headers = new Headers();
  for (const [key, value] of Object.entries(res.headers)) {
    if (key !== 'set-cookie' && value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const result = gradeResponse({
    url: publicUrl.href,
    headers,
    setCookies: res.headers['set-cookie'] ?? [],
    html,
    assume: { redirectsHttpToHttpsSameHost: true },
  });
  console.log(`GET ${publicUrl.href} → ${res.statusCode}`);
  console.table(Object.fromEntries(Object.entries(result.tests).map(([name, t]) => [name, t])));
  console.log(`MDN HTTP Observatory score ${result.score}, grade ${result.grade}`);
} finally {
  server.stop();
}
