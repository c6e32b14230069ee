import { request as httpRequest } from 'node:http';

const port = Number(process.env.E2E_PORT ?? 3300);

/**
 * The Location header for a request line sent exactly as written. A browser or Playwright's request
 * API would resolve `//evil.example` as a protocol-relative URL and go there instead.
 */
export function rawLocation(path: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: 'localhost', port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.headers.location);
    });
    req.on('error', reject);
    req.end();
  });
}
