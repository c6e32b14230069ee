import 'server-only';
import pino, { type Logger } from 'pino';
import { env } from '@/lib/server/env';

/**
 * Structured JSON logs on stdout, one object a line (pino): what an operator's collector parses.
 * Headers that carry credentials are never written; URLs pass through redactUrl first.
 */
function create(): Logger {
  let level = 'info';
  try {
    level = env().LOG_LEVEL;
  } catch {
    // A bad configuration is reported by the start-up check; logging must still work to say so.
  }
  return pino({
    level,
    base: { service: 'quorum-site' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['headers.cookie', 'headers.authorization', 'req.headers.cookie', 'req.headers.authorization'],
      censor: '[redacted]',
    },
  });
}

// Pages, route handlers and instrumentation can be bundled apart; one logger per process.
const slot = Symbol.for('quorum.logger');
type GlobalSlot = { [slot]?: Logger };

export function log(): Logger {
  const holder = globalThis as GlobalSlot;
  holder[slot] ??= create();
  return holder[slot];
}

/** The logger for one request: every line carries the id server-hooks gave it (and sent back as X-Request-Id). */
export function requestLog(request: Request): Logger {
  const reqId = request.headers.get('x-request-id');
  return reqId ? log().child({ reqId }) : log();
}

/** Query parameters whose value is a credential, never logged: the pay/team link token. */
const SECRET_PARAMS = new Set(['t', 'token']);

/** A path and query fit for a log line: link tokens replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent
      }
      return SECRET_PARAMS.has(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}
