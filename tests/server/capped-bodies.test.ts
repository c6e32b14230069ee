import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { POST as webhookRoute } from '@/app/api/payments/paypal/webhook/route';
import { POST as ipnPost } from '@/app/api/payments/[gateway]/ipn/route';
import { POST as sandboxPost } from '@/app/api/payments/[gateway]/sandbox/[[...path]]/route';
import { DirectoryUnavailableError } from '@/lib/server/directory';
import { remoteDirectory } from '@/lib/server/directory/remote';
import { cappedText } from '@/lib/server/request/capped-read';
import { useTestStore } from '../support/stores';
import { alice, sessionCookie } from '../support/money';

const CHUNK = 16 * 1024;

/** A request body that never ends: it produces chunks for as long as someone reads them. */
function endlessBody() {
  const state = { produced: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.produced += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const post = (path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new NextRequest(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    // A streamed body must say so (fetch's rule for a body without a known length).
    duplex: 'half',
  } as ConstructorParameters<typeof NextRequest>[1]);

const context = (gateway: string, path?: string[]) => ({ params: Promise.resolve({ gateway, path }) });

// [route, its cap, the status it refuses with, the handler]: the local sandboxes answer any refusal 404.
const routes: Array<[string, number, number, (body: ReadableStream<Uint8Array>) => Promise<Response>]> = [
  [
    'POST /api/payments/paypal/webhook',
    64 * 1024,
    413,
    (body) => webhookRoute(post('/api/payments/paypal/webhook', body)),
  ],
  [
    'POST /api/payments/momo/ipn',
    64 * 1024,
    413,
    (body) => ipnPost(post('/api/payments/momo/ipn', body), context('momo')),
  ],
  [
    'POST /api/payments/vnpay/ipn',
    64 * 1024,
    413,
    (body) => ipnPost(post('/api/payments/vnpay/ipn', body), context('vnpay')),
  ],
  [
    'POST /api/payments/vnpay/sandbox/pay',
    64 * 1024,
    404,
    (body) => sandboxPost(post('/api/payments/vnpay/sandbox/pay', body), context('vnpay', ['pay'])),
  ],
  [
    'POST /api/checkout',
    4 * 1024,
    413,
    async (body) =>
      checkoutRoute(
        post('/api/checkout', body, {
          'sec-fetch-site': 'same-origin',
          'idempotency-key': `capped-${crypto.randomUUID()}`,
          cookie: await sessionCookie(alice),
        }),
      ),
  ],
];

describe('a request body that never ends is refused as soon as it passes the route’s cap', () => {
  useTestStore('pglite');

  it.each(routes)(
    '%s (cap %i bytes) answers %i within a second while the sender is still sending, having pulled little past the cap',
    async (_route, cap, status, handler) => {
      const { stream, state } = endlessBody();
      const started = Date.now();
      const response = await handler(stream);
      expect(response.status).toBe(status);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(state.produced).toBeGreaterThan(cap);
      // Stopped pulling right after the cap: memory stays flat whatever the sender has left to send.
      expect(state.produced).toBeLessThanOrEqual(cap + 8 * CHUNK);
    },
  );
});

describe('an upstream answer is read up to a cap, never whole', () => {
  let server: Server;
  let written = 0;
  let closed = 0;

  beforeAll(async () => {
    // A backend (or anything on its path) answering 200 with a body that never ends.
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(CHUNK, 0x20);
      let open = true;
      res.on('close', () => {
        open = false;
        closed += 1;
      });
      const pump = () => {
        while (open && res.write(chunk)) written += CHUNK;
        if (open) res.once('drain', pump);
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  it('cappedText refuses an endless answer at the cap and aborts the connection', async () => {
    written = 0;
    const before = closed;
    const response = await fetch(url());
    await expect(cappedText(response, 256 * 1024)).rejects.toThrow(/larger than 262144 bytes/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(before + 1);
    // What the socket buffers held when the reader stopped, not what the sender had left.
    expect(written).toBeLessThan(32 * 1024 * 1024);
  });

  it('the remote directory answers an endless 200 body as unavailable within its budget, reading little of it', async () => {
    written = 0;
    const budgetMs = 3_000;
    const directory = remoteDirectory({ baseUrl: url(), secret: 'test-secret', budgetMs, timeoutMs: 2_000 });
    const started = Date.now();
    await expect(directory.payContext({ platform: 'telegram', userId: '1001' })).rejects.toBeInstanceOf(
      DirectoryUnavailableError,
    );
    const took = Date.now() - started;
    expect(took).toBeLessThan(budgetMs);
    // Each attempt stops at the cap: never the 2 s of reading an unbounded body at loopback speed.
    expect(took).toBeLessThan(1_500);
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });
});
