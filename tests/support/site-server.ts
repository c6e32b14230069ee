import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { GET as ipnGet, POST as ipnPost } from '@/app/api/payments/[gateway]/ipn/route';
import { GET as returnGet } from '@/app/api/payments/[gateway]/return/route';
import { POST as updatesPost } from '@/app/api/telegram/updates/route';
import { GET as sandboxGet, POST as sandboxPost } from '@/app/api/payments/[gateway]/sandbox/[[...path]]/route';

/**
 * A real HTTP server in front of the gateway routes (and the bot updates the assistant's backend forwards), so the site's gateway clients (MoMo's create
 * and query, VNPay's querydr) talk HTTP to the local sandboxes exactly as they would to the real
 * hosts. The suite's SITE_URL points at it; call this at the top of the file, so it is set before
 * the configuration is first read.
 */
export function serveSiteForFile(): () => string {
  let server: Server | undefined;
  let origin = '';
  const previousSiteUrl = process.env.SITE_URL;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void (async () => {
          const url = new URL(req.url ?? '/', origin);
          const headers = new Headers();
          for (const [key, value] of Object.entries(req.headers))
            if (typeof value === 'string') headers.set(key, value);
          const body = chunks.length ? Buffer.concat(chunks) : undefined;
          const request = new NextRequest(url, { method: req.method, headers, body });
          const match = /^\/api\/payments\/([^/]+)\/(ipn|return|sandbox)(?:\/(.*))?$/.exec(url.pathname);
          let response: Response;
          if (url.pathname === '/api/telegram/updates' && req.method === 'POST') response = await updatesPost(request);
          else if (!match) response = new Response('Not found', { status: 404 });
          else {
            const [, gateway = '', kind, rest] = match;
            const params = Promise.resolve({ gateway, path: rest ? rest.split('/') : undefined });
            if (kind === 'ipn') response = await (req.method === 'POST' ? ipnPost : ipnGet)(request, { params });
            else if (kind === 'return') response = await returnGet(request, { params });
            else response = await (req.method === 'POST' ? sandboxPost : sandboxGet)(request, { params });
          }
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        })().catch((error: unknown) => {
          res.writeHead(500);
          res.end(String(error));
        });
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.SITE_URL = origin;
  });
  afterAll(async () => {
    process.env.SITE_URL = previousSiteUrl;
    await new Promise((resolve) => server?.close(resolve));
  });
  return () => origin;
}
