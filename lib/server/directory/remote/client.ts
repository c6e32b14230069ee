import 'server-only';
import { randomUUID } from 'node:crypto';
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  DelegateBackoff,
  TaskCancelledError,
  circuitBreaker,
  handleWhen,
  retry,
  wrap,
  type IRetryBackoffContext,
} from 'cockatiel';
import { DirectoryUnavailableError, type AccountDirectory, type GrantResult, type PayContext } from '../types';
import { componentSchemas, operations, wire, type Answer, type Operation } from './contract';
import { signRequest } from './signature';
import { expectSameIdentity } from './identity';
import { remoteTeamCalls } from './team-calls';
import { cappedText } from '@/lib/server/request/capped-read';
import { log } from '@/lib/server/observability/log';
import { reportBreakerState, type BreakerState } from '@/lib/server/observability/metrics';

export interface RemoteDirectoryOptions {
  /** CHAT_BACKEND_URL: the backend's base URL, no trailing slash needed. */
  baseUrl: string;
  /** CHAT_BACKEND_SECRET: signs every request. */
  secret: string;
  /** One attempt, headers and body included (a slow drip is cut here). */
  timeoutMs?: number;
  /** All attempts of one operation together, back-off waits included. */
  budgetMs?: number;
  /** Retries after the first attempt. */
  retries?: number;
  /** Consecutive failures that open the breaker. */
  breakerThreshold?: number;
  /** How long the breaker stays open before one probe request may try again. */
  halfOpenAfterMs?: number;
}

export type RemoteDirectory = AccountDirectory & { breakerState(): BreakerState };

/** A failed call. `retryable`: the same request may succeed later (network, timeout, 408/429/5xx). */
class UpstreamFailure extends DirectoryUnavailableError {
  override name = 'UpstreamFailure';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
}

const NOT_FOUND = Symbol('not found');
/** The contract's answers are a few KB; anything longer is not one and is not read further. */
const MAX_ANSWER_BYTES = 256 * 1024;

export interface Call {
  query?: Record<string, string>;
  body?: unknown;
  idempotencyKey?: string;
  /** Whether the operation documents 404 `not_found` (an answer, not a failure). */
  notFound?: boolean;
}

/** One operation of the contract, its 200 body validated with the operation's schema. */
type CallBackend = <O extends Operation>(operation: O, spec: Call) => Promise<Answer<O> | typeof NOT_FOUND>;

const date = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The account directory over HTTPS (webhook mode): the assistant's backend, called as
 * docs/chat-backend.openapi.yaml describes — signed requests, every response validated, a timeout
 * per attempt inside a budget per operation, retries with jittered back-off that honour
 * Retry-After (writes are retried only because they carry an idempotency key), and a circuit
 * breaker (cockatiel) that fails fast while the backend is down and probes it to recover.
 */
export function remoteDirectory(options: RemoteDirectoryOptions): RemoteDirectory {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 2_000;
  const budgetMs = options.budgetMs ?? 5_000;

  const retryPolicy = retry(
    handleWhen((error) => error instanceof UpstreamFailure && error.retryable),
    {
      maxAttempts: options.retries ?? 2,
      backoff: new DelegateBackoff((context: IRetryBackoffContext<unknown>) => {
        const jittered = Math.random() * Math.min(1_000, 100 * 2 ** context.attempt);
        const failure = 'error' in context.result ? context.result.error : undefined;
        const asked = failure instanceof UpstreamFailure ? failure.retryAfterMs : 0;
        return Math.max(jittered, asked);
      }),
    },
  );
  const breaker = circuitBreaker(
    handleWhen((error) => error instanceof UpstreamFailure),
    {
      halfOpenAfter: options.halfOpenAfterMs ?? 10_000,
      breaker: new ConsecutiveBreaker(options.breakerThreshold ?? 5),
    },
  );
  breaker.onStateChange((state) => log().warn({ state: stateName(state) }, 'chat-backend circuit breaker'));
  // /api/metrics reads the state at every scrape (quorum_breaker_state{dependency="chat-backend"}).
  reportBreakerState('chat-backend', () => stateName(breaker.state));
  const policy = wrap(retryPolicy, breaker);

  async function attempt<O extends Operation>(
    operation: O,
    call: Call,
    signal: AbortSignal,
  ): Promise<Answer<O> | typeof NOT_FOUND> {
    const { method, path, response: schema } = operations[operation];
    const pathAndQuery = call.query ? `${path}?${new URLSearchParams(call.query)}` : path;
    const body = call.body === undefined ? '' : JSON.stringify(call.body);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...signRequest(options.secret, { method, pathAndQuery, body }),
    };
    if (body) headers['content-type'] = 'application/json';
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;

    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const response = await fetch(`${baseUrl}${pathAndQuery}`, {
        method,
        headers,
        body: body || undefined,
        redirect: 'error',
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      // Read under the same signal: a body that drips in slowly is cut at the timeout too, and one
      // longer than any contract answer is cut at the cap (the connection is aborted there).
      text = await cappedText(response, MAX_ANSWER_BYTES);
    } catch (error) {
      throw new UpstreamFailure(`${operation}: ${describe(error)}`, true);
    }

    if (status === 200) {
      const parsed = componentSchemas[schema].safeParse(parseJson(text));
      if (parsed.success) return parsed.data as Answer<O>;
      // Log which fields were wrong, never the body (it holds account data).
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(body)').join(', ');
      throw new UpstreamFailure(`${operation}: the response does not match the contract (${fields})`, false);
    }
    if (status === 404 && call.notFound && wire.Error.safeParse(parseJson(text)).data?.error === 'not_found') {
      return NOT_FOUND;
    }
    const transient = status === 408 || status === 429 || status >= 500;
    throw new UpstreamFailure(`${operation}: HTTP ${status}`, transient, retryAfterMs(retryAfter));
  }

  const call: CallBackend = async (operation, spec) => {
    try {
      return await policy.execute(({ signal }) => attempt(operation, spec, signal), AbortSignal.timeout(budgetMs));
    } catch (error) {
      if (error instanceof DirectoryUnavailableError) throw error;
      if (error instanceof BrokenCircuitError) {
        throw new DirectoryUnavailableError(`${operation}: the chat backend is failing; not called (breaker open)`);
      }
      if (error instanceof TaskCancelledError) {
        throw new DirectoryUnavailableError(`${operation}: no answer within the ${budgetMs} ms budget`);
      }
      throw error;
    }
  };

  return {
    async payContext(subject) {
      const query: Record<string, string> = { platform: subject.platform, userId: subject.userId };
      if (subject.teamId) query.teamId = subject.teamId;
      const found = await call('getPayContext', { query, notFound: true });
      if (found === NOT_FOUND) return null;
      expectSameIdentity(
        'getPayContext',
        { platform: subject.platform, userId: subject.userId },
        { platform: found.account.platform, userId: found.account.userId },
      );
      // A team only when the link named one, and then only that one.
      if (found.team) {
        expectSameIdentity(
          'getPayContext',
          { platform: subject.platform, teamId: subject.teamId },
          { platform: found.team.platform, teamId: found.team.teamId },
        );
      }
      const context: PayContext = {
        account: { ...found.account, planExpiresAt: date(found.account.planExpiresAt) },
        team: found.team && { ...found.team, planExpiresAt: date(found.team.planExpiresAt) },
      };
      return context;
    },

    async cancelIndividualPlan(subject) {
      const result = await call('cancelIndividualPlan', {
        body: { platform: subject.platform, userId: subject.userId },
        // One key per cancel, shared by its retries.
        idempotencyKey: `cancel-${randomUUID()}`,
        notFound: true,
      });
      return result === NOT_FOUND ? 'not_found' : result.result;
    },

    async registerOrder(notice) {
      // A plan's notice carries no quantity (the field is the packs' alone).
      const { quantity, ...rest } = notice;
      const result = await call('registerOrder', {
        body: { ...rest, ...(quantity !== null ? { quantity } : {}), createdAt: notice.createdAt.toISOString() },
        idempotencyKey: notice.orderId,
      });
      if (result === NOT_FOUND) throw new UpstreamFailure('registerOrder: unexpected 404', false);
      return result.decision;
    },

    async applyGrant(grant): Promise<GrantResult> {
      const result =
        grant.plan === 'query_pack'
          ? await call('applyQueryGrant', {
              body: { ...grant, expiresAt: grant.expiresAt.toISOString(), paidAt: grant.paidAt.toISOString() },
              idempotencyKey: grant.orderId,
              notFound: true,
            })
          : await call('applyGrant', {
              body: { ...grant, paidAt: grant.paidAt.toISOString() },
              idempotencyKey: grant.orderId,
              notFound: true,
            });
      if (result === NOT_FOUND) return { status: 'not_found' };
      return { ...result, expiresAt: date(result.expiresAt) };
    },

    async applyRevocation(revocation): Promise<GrantResult> {
      const body = { ...revocation, refundedAt: revocation.refundedAt.toISOString() };
      const spec = { idempotencyKey: revocation.refundId, notFound: true };
      const result =
        body.plan === 'query_pack'
          ? await call('applyQueryRevocation', { ...spec, body })
          : await call('applyRevocation', { ...spec, body });
      if (result === NOT_FOUND) return { status: 'not_found' };
      return { ...result, expiresAt: date(result.expiresAt) };
    },

    async ping() {
      await call('health', {});
    },

    ...remoteTeamCalls(async (operation, spec) => {
      const reply = await call(operation, spec);
      if (reply === NOT_FOUND) throw new UpstreamFailure(`${operation}: unexpected 404`, false);
      return reply;
    }),

    breakerState: () => stateName(breaker.state),
  };
}

function stateName(state: CircuitState): BreakerState {
  if (state === CircuitState.Closed) return 'closed';
  if (state === CircuitState.HalfOpen) return 'half_open';
  return 'open';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds or as an HTTP date; capped so one answer cannot stall us for long. */
function retryAfterMs(header: string | null): number {
  if (!header) return 0;
  const seconds = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(seconds) ? Math.min(Math.max(0, seconds), 30_000) : 0;
}

function describe(error: unknown): string {
  // Duck-typed: errors from Node's fetch may come from another realm (a test VM), where instanceof fails.
  const { name, message, cause } = (error ?? {}) as { name?: string; message?: string; cause?: { code?: string } };
  if (name === 'TimeoutError') return 'timed out';
  if (name === 'AbortError') return 'aborted';
  return cause?.code ?? message ?? String(error);
}
