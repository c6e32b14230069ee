import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sql } from '@/lib/server/db/sql';
import { referenceBackend, referenceBackendSchema } from '@/lib/server/directory/reference/handler';
import type { TelegramForwarding } from '@/lib/server/directory/reference/telegram-forward';

export const BACKEND_SECRET = 'reference-backend-test-secret-0123456789abcdef';

/**
 * A fault: what the server does instead of (or before) answering. Returning true means the fault
 * answered the request itself; false passes it on to the real reference backend.
 */
export type Fault = (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

export interface TestBackend {
  url: string;
  /** Requests that reached the server, faulty or not. */
  requests: string[];
  /** Replaces the current fault (undefined: healthy). */
  inject(fault: Fault | undefined): void;
  close(): Promise<void>;
}

/**
 * The reference chat backend over `sql`, on 127.0.0.1 and a free port, with fault injection;
 * with `telegram`, also the bot's webhook, forwarding payment updates to the site.
 */
export async function startTestBackend(sql: Sql, telegram?: TelegramForwarding): Promise<TestBackend> {
  for (const statement of referenceBackendSchema) await sql.query(statement);
  const serve = referenceBackend(sql, BACKEND_SECRET, telegram);
  let fault: Fault | undefined;
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    void (async () => {
      if (fault && (await fault(request, response))) return;
      await serve(request, response);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    inject: (next) => (fault = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Common faults of a backend: no answer, a slow drip, 5xx, a 200 that is not data, an HTML error page. */
export const faults = {
  /** Accepts the request and never answers. */
  hang: (): Fault => () => true,
  /** Sends headers, then one byte a second. */
  drip: (): Fault => (_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => response.write(' '), 1000);
    response.on('close', () => clearInterval(timer));
    return true;
  },
  status:
    (status: number, body = '{"error":"unavailable"}', headers: Record<string, string> = {}): Fault =>
    (_, response) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(body);
      return true;
    },
  /** An HTML error page, as a proxy in front of a dead backend sends. */
  html: (): Fault => (_, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    return true;
  },
  /** The backend does the work, then the connection drops before the answer: a lost response. */
  lostAnswer: (): Fault => (_, response) => {
    const drop = () => {
      response.socket?.destroy();
      return response;
    };
    response.writeHead = drop as never;
    response.end = drop as never;
    return false;
  },
  /** The first `n` requests get `fault`, the rest are served. */
  first:
    (n: number, fault: Fault): Fault =>
    (request, response) =>
      n-- > 0 ? fault(request, response) : false,
};
