import 'server-only';
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { log, redactUrl } from '@/lib/server/observability/log';
import { metrics } from '@/lib/server/observability/metrics';
import { earlyRefusal, publicEntriesOf } from './early-refusal';
import { forwardedChainClient } from '@/lib/server/request/forwarded';

/**
 * What `next start` offers no hook for, done where Node hands each request to it:
 * - the socket's peer is appended to X-Forwarded-For. Next only fills the header in when it is
 *   absent, so without this a client-sent `X-Forwarded-For: 6.6.6.6` would be all a handler
 *   sees, and the client would choose its own rate-limit bucket and the IP sent to VNPay;
 * - every request gets an id (a well-formed incoming X-Request-Id from the proxy, else a new
 *   one), sent back as X-Request-Id and carried by every log line about it;
 * - one JSON access-log line (token redacted) and the request count/latency metrics;
 * - requests Next would answer with a 500 although only the client is at fault (early-refusal.ts)
 *   get their 4xx here, and never reach Next.
 * Installed once per process from instrumentation.ts, before Next answers any request; the start
 * names the gateways whose endpoints the metrics count by name.
 */
export function installServerHooks(trustedHops: number, gatewayIds: readonly string[]): void {
  const gateways = new Set(gatewayIds);
  const proto = http.Server.prototype as http.Server & { [installed]?: true };
  if (proto[installed]) return;
  proto[installed] = true;
  const publicEntries = publicEntriesOf(process.cwd());
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      onRequest(req, res, trustedHops, gateways);
      const refusal = earlyRefusal(req, publicEntries);
      if (refusal) {
        res.writeHead(refusal.status, refusal.headers).end();
        return true;
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}

const installed = Symbol.for('quorum.serverHooks');
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

function onRequest(
  req: IncomingMessage,
  res: ServerResponse,
  trustedHops: number,
  gateways: ReadonlySet<string>,
): void {
  const started = process.hrtime.bigint();
  const peer = req.socket.remoteAddress ?? '';
  const sent = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = sent ? `${String(sent)}, ${peer}` : peer;

  const incoming = req.headers['x-request-id'];
  const reqId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers['x-request-id'] = reqId;
  res.setHeader('X-Request-Id', reqId);

  res.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const route = routeGroup(path, gateways);
    const status = res.writableFinished ? res.statusCode : 499;
    const m = metrics();
    m.httpRequests.inc({ method, route, status: String(status) });
    m.httpDuration.observe({ method, route }, seconds);
    const line = {
      reqId,
      method,
      url: redactUrl(req.url ?? '/'),
      status,
      ms: Math.round(seconds * 10_000) / 10,
      ip: forwardedChainClient(String(req.headers['x-forwarded-for']), trustedHops) ?? undefined,
      ua: req.headers['user-agent'],
    };
    if (status >= 500) log().error(line, 'request');
    else if (route === '/_next') log().debug(line, 'request');
    else log().info(line, 'request');
  });
}

/**
 * A bounded label for a path: API routes by name (ids folded; a gateway's only when `gateways` names
 * it), Next's assets as one group, and pages by kind — an attacker probing random paths must not
 * create a time series per path.
 */
export function routeGroup(path: string, gateways: ReadonlySet<string>): string {
  if (path.startsWith('/_next/')) return '/_next';
  if (path.startsWith('/api/')) {
    const known =
      /^\/api\/(checkout|health|ping|metrics|plan\/cancel|pay\/view|payments\/([a-z0-9-]+)\/[a-z]+|team\/members)/.exec(
        path,
      );
    // A gateway's endpoints by name only when it is one of ours: a probe's made-up id is "other".
    if (!known || (known[2] !== undefined && !gateways.has(known[2]))) return '/api/other';
    return path.startsWith('/api/team/members') ? '/api/team/members' : known[0];
  }
  const last = path.split('/').filter(Boolean).at(-1);
  if (last === 'pay' || last === 'team') return `/${last}`;
  return /\.[a-z0-9]+$/i.test(path) ? 'file' : 'page';
}
