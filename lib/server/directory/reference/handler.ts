import 'server-only';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Sql } from '@/lib/server/db/sql';
import { embeddedDirectory } from '../embedded/embedded-directory';
import type { Account, GrantResult, Team } from '../types';
import { operations, queries, wire } from '../remote/contract';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyRequest } from '../remote/signature';
import { error, iso, type Reply, type Route } from './reply';
import { teamRoutes } from './team-routes';
import { receiveTelegramUpdate, TELEGRAM_WEBHOOK_PATH, type TelegramForwarding } from './telegram-forward';
import { log } from '@/lib/server/observability/log';
import { SECRET_HEADER } from '../remote/telegram-update';

/**
 * The reference chat backend (`npm run backend`): docs/chat-backend.openapi.yaml
 * served from the embedded directory. It verifies every signature, validates every body with the
 * same schemas the site's client validates responses with, and honours idempotency keys. The
 * assistant's developers can read it as a working model of what to build.
 */
const MAX_BODY_BYTES = 64 * 1024;

/** The backend's own table, one statement each (run them in order at start). */
export const referenceBackendSchema = [
  `CREATE TABLE IF NOT EXISTS backend_idempotency (
    key          text PRIMARY KEY,
    request_hash text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
  )`,
  // The first answer of an operation whose repeat would answer differently (see `replayed`).
  'ALTER TABLE backend_idempotency ADD COLUMN IF NOT EXISTS reply text',
];

/**
 * Operations answered from the first answer when repeated with the same key: adding a member
 * again would say `already_member`, which is not what the admin who added them should read.
 */
const replayed = new Set([`POST ${operations.addTeamMember.path}`]);

/** A grant's or revocation's answer on the wire: the plan after it, or 404 for an unknown account or team. */
const applied = (result: GrantResult): Reply =>
  result.status === 'not_found'
    ? error(404, 'not_found')
    : { status: 200, body: { ...result, expiresAt: iso(result.expiresAt) } };

const accountWire = (a: Account) => ({ ...a, planExpiresAt: iso(a.planExpiresAt) });
const teamWire = (t: Team) => ({ ...t, planExpiresAt: iso(t.planExpiresAt) });

/**
 * `telegram`: the backend also keeps the Telegram bot's webhook and forwards its payment updates
 * to the website (./telegram-forward.ts).
 */
export function referenceBackend(sql: Sql, secret: string, telegram?: TelegramForwarding) {
  const directory = embeddedDirectory(sql);

  const routes: Record<string, Route> = {
    [`GET ${operations.getPayContext.path}`]: async (_, query) => {
      const subject = queries.PayContextQuery.safeParse(Object.fromEntries(query));
      if (!subject.success) return error(422, 'invalid_request');
      const context = await directory.payContext(subject.data);
      if (!context) return error(404, 'not_found');
      return {
        status: 200,
        body: { account: accountWire(context.account), team: context.team && teamWire(context.team) },
      };
    },
    [`POST ${operations.cancelIndividualPlan.path}`]: async (body) => {
      const request = wire.CancelRequest.safeParse(body);
      if (!request.success) return error(422, 'invalid_request');
      const result = await directory.cancelIndividualPlan(request.data, new Date());
      return result === 'not_found' ? error(404, 'not_found') : { status: 200, body: { result } };
    },
    [`POST ${operations.registerOrder.path}`]: async (body) => {
      const notice = wire.OrderNotice.safeParse(body);
      if (!notice.success) return error(422, 'invalid_request');
      const decision = await directory.registerOrder({
        ...notice.data,
        quantity: notice.data.quantity ?? null,
        createdAt: new Date(notice.data.createdAt),
      });
      return { status: 200, body: { decision } };
    },
    [`POST ${operations.applyGrant.path}`]: async (body) => {
      const grant = wire.Grant.safeParse(body);
      if (!grant.success) return error(422, 'invalid_request');
      const result = await directory.applyGrant({ ...grant.data, paidAt: new Date(grant.data.paidAt) });
      return applied(result);
    },
    [`POST ${operations.applyRevocation.path}`]: async (body) => {
      const revocation = wire.Revocation.safeParse(body);
      if (!revocation.success) return error(422, 'invalid_request');
      const result = await directory.applyRevocation({
        ...revocation.data,
        refundedAt: new Date(revocation.data.refundedAt),
      });
      return applied(result);
    },
    [`POST ${operations.applyQueryGrant.path}`]: async (body) => {
      const grant = wire.QueryGrant.safeParse(body);
      if (!grant.success) return error(422, 'invalid_request');
      const result = await directory.applyGrant({
        ...grant.data,
        expiresAt: new Date(grant.data.expiresAt),
        paidAt: new Date(grant.data.paidAt),
      });
      return applied(result);
    },
    [`POST ${operations.applyQueryRevocation.path}`]: async (body) => {
      const revocation = wire.QueryRevocation.safeParse(body);
      if (!revocation.success) return error(422, 'invalid_request');
      const result = await directory.applyRevocation({
        ...revocation.data,
        refundedAt: new Date(revocation.data.refundedAt),
      });
      return applied(result);
    },
    [`GET ${operations.health.path}`]: async () => {
      await sql.query('SELECT 1');
      return { status: 200, body: { status: 'ok' } };
    },
    ...teamRoutes(directory),
  };

  /**
   * Most operations are idempotent in themselves (a grant by its order id), so a repeat simply
   * runs again; the key catches a client that reuses it for another body (409). A `replayed`
   * operation answers a repeat with its first answer; while the first is still running, a repeat
   * is told to retry shortly (503 + Retry-After), and a first attempt that failed frees the key.
   */
  async function idempotent(key: string, rawBody: string, replay: boolean, work: () => Promise<Reply>): Promise<Reply> {
    const hash = createHash('sha256').update(rawBody).digest('hex');
    const inserted = await sql.query(
      'INSERT INTO backend_idempotency (key, request_hash) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key',
      [key, hash],
    );
    if (!inserted.rows.length) {
      const first = await sql.query<{ request_hash: string; reply: string | null }>(
        'SELECT request_hash, reply FROM backend_idempotency WHERE key = $1',
        [key],
      );
      const row = first.rows[0];
      if (row?.request_hash !== hash) return error(409, 'idempotency_conflict');
      if (replay) return row.reply ? (JSON.parse(row.reply) as Reply) : { ...error(503, 'unavailable'), retryAfter: 1 };
    }
    if (!replay) return work();
    try {
      const reply = await work();
      await sql.query('UPDATE backend_idempotency SET reply = $2 WHERE key = $1', [key, JSON.stringify(reply)]);
      return reply;
    } catch (failure) {
      await sql.query('DELETE FROM backend_idempotency WHERE key = $1', [key]);
      throw failure;
    }
  }

  async function handle(request: IncomingMessage, rawBody: string): Promise<Reply> {
    const url = new URL(request.url ?? '/', 'http://backend');
    const method = request.method ?? 'GET';
    // Telegram's delivery, proved by its secret token rather than the contract's signature.
    if (telegram && method === 'POST' && url.pathname === TELEGRAM_WEBHOOK_PATH) {
      return receiveTelegramUpdate(telegram, secret, { secretToken: header(request, SECRET_HEADER), rawBody });
    }
    const signed = verifyRequest(secret, {
      method,
      pathAndQuery: `${url.pathname}${url.search}`,
      body: rawBody,
      timestamp: header(request, TIMESTAMP_HEADER),
      signature: header(request, SIGNATURE_HEADER),
    });
    if (!signed) return error(401, 'invalid_signature');
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return error(404, 'not_found');
    let body: unknown;
    if (method === 'POST') {
      try {
        body = JSON.parse(rawBody);
      } catch {
        return error(422, 'invalid_request');
      }
    }
    const key = header(request, 'idempotency-key');
    if (method === 'POST' && !key) return error(422, 'invalid_request');
    // Keys are scoped to the operation: the same order id names both its registration and its grant.
    const operation = `${method} ${url.pathname}`;
    const run = () => route(body, url.searchParams);
    return key ? idempotent(`${operation} ${key}`, rawBody, replayed.has(operation), run) : run();
  }

  return async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let reply: Reply;
    try {
      const rawBody = await readBody(request);
      reply = rawBody === null ? error(422, 'invalid_request') : await handle(request, rawBody);
    } catch (failure) {
      log().error({ err: failure }, 'reference backend: request failed');
      reply = error(503, 'unavailable');
    }
    const headers: Record<string, string> = { 'content-type': 'application/json', 'cache-control': 'no-store' };
    if (reply.retryAfter) headers['retry-after'] = String(reply.retryAfter);
    response.writeHead(reply.status, headers);
    response.end(JSON.stringify(reply.body));
  };
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
};

/** The body as text, or null when it is larger than any request of the contract. */
async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
