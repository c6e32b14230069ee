import 'server-only';
import { z } from 'zod';
import { isLoopbackHost } from '@/lib/shared/loopback.mjs';

/**
 * The only reader of process.env. Parsed once; an invalid value stops the process with a
 * message naming each offending variable. Every variable is optional for `npm start`:
 * production (a public SITE_URL, or APP_ENV=production) insists on the secrets it needs when the
 * server starts (not while `next build` prerenders: a build needs none).
 */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/**
 * The gateways' own test environments: the endpoints outside production when none is named. In
 * production a deployer names each endpoint of a gateway they configure — a silent sandbox there
 * would take no money and grant plans.
 */
export const gatewaySandboxEndpoints = {
  VNPAY_PAYMENT_URL: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
  VNPAY_API_URL: 'https://sandbox.vnpayment.vn/merchant_webapi/api/transaction',
  MOMO_ENDPOINT: 'https://test-payment.momo.vn',
  PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com',
} as const;
type GatewayEndpoint = keyof typeof gatewaySandboxEndpoints;

/** Which endpoints each gateway's credentials need. */
const endpointsOf: Array<{
  credential: string;
  set: (env: Record<string, unknown>) => boolean;
  endpoints: GatewayEndpoint[];
}> = [
  {
    credential: 'VNPAY_TMN_CODE',
    set: (env) => Boolean(env.VNPAY_TMN_CODE),
    endpoints: ['VNPAY_PAYMENT_URL', 'VNPAY_API_URL'],
  },
  { credential: 'MOMO_PARTNER_CODE', set: (env) => Boolean(env.MOMO_PARTNER_CODE), endpoints: ['MOMO_ENDPOINT'] },
  {
    credential: 'PAYPAL_CLIENT_SECRET',
    set: (env) => Boolean(env.PAYPAL_CLIENT_SECRET),
    endpoints: ['PAYPAL_API_BASE'],
  },
];

/** Upstreams that carry money or who may pay: plain http would let anyone on the path answer for them. */
const httpsInProduction: Array<'CHAT_BACKEND_URL' | 'TELEGRAM_BOT_API_URL' | GatewayEndpoint> = [
  'CHAT_BACKEND_URL',
  'TELEGRAM_BOT_API_URL',
  ...(Object.keys(gatewaySandboxEndpoints) as GatewayEndpoint[]),
];

const fields = z
  .object({
    // Absent → this machine on PORT, at build time too (canonical URLs and hreflang are prerendered).
    SITE_URL: optional(httpUrl),
    PORT: optional(z.string().regex(/^\d{1,5}$/, 'must be a port number')).default('3000'),
    // Where `npm start` listens (default localhost). A literal IP other than 0.0.0.0 is refused: bound
    // to one, Next answers rewritten paths such as /pay with a redirect to themselves.
    HOST: optional(
      z.string().regex(/^(?:0\.0\.0\.0|(?!\d+(?:\.\d+){3}$)[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)$/, {
        error: 'must be a host name such as localhost, or 0.0.0.0 for every interface (not a literal IP address)',
      }),
    ),
    APP_ENV: optional(z.enum(['development', 'production'])),
    PAYLINK_SECRET: optional(
      z.string().refine((s) => Buffer.byteLength(s, 'utf8') >= 32, 'must be at least 32 bytes long'),
    ),
    DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })),
    DATA_DIR: optional(z.string()).default('.data'),
    // Where `next build` wrote its output (next.config.mjs reads the same variable); the request
    // layer serves a few prerendered pages from it.
    NEXT_DIST_DIR: optional(z.string()).default('.next'),
    CHAT_BACKEND_URL: optional(httpUrl),
    // Signs every request to the chat backend; both sides hold it.
    CHAT_BACKEND_SECRET: optional(
      z.string().refine((s) => Buffer.byteLength(s, 'utf8') >= 32, 'must be at least 32 bytes long'),
    ),
    VNPAY_TMN_CODE: optional(z.string().regex(/^[A-Za-z0-9]{1,16}$/, 'must be the alphanumeric terminal code')),
    VNPAY_HASH_SECRET: optional(z.string().min(8, 'must be the hash secret from the VNPay portal')),
    VNPAY_PAYMENT_URL: optional(httpUrl),
    VNPAY_API_URL: optional(httpUrl),
    MOMO_PARTNER_CODE: optional(z.string()),
    MOMO_ACCESS_KEY: optional(z.string()),
    MOMO_SECRET_KEY: optional(z.string()),
    MOMO_ENDPOINT: optional(httpUrl),
    NEXT_PUBLIC_PAYPAL_CLIENT_ID: optional(z.string()),
    PAYPAL_CLIENT_SECRET: optional(z.string()),
    PAYPAL_API_BASE: optional(httpUrl),
    PAYPAL_WEBHOOK_ID: optional(z.string()),
    PAYPAL_PLAN_IDS: optional(
      z.string().regex(/^[^/|]+\/[^/|]+\/[^/|]+\|[^/|]+\/[^/|]+\/[^/|]+$/, 'must be "a/b/c|d/e/f" (six plan ids)'),
    ),
    SUPPORT_EMAIL: optional(z.email({ error: 'must be an email address' })),
    // The Telegram Mini App (docs/miniapp.md). The bot's token verifies initData with an HMAC (first
    // party); without it, the bot's id verifies Telegram's Ed25519 signature (third party), so the
    // site need not hold the token. Neither, in production: the Mini App is not offered.
    TELEGRAM_BOT_TOKEN: optional(
      z.string().regex(/^\d{1,20}:[A-Za-z0-9_-]{30,64}$/, 'must be the bot token @BotFather gave (<bot id>:<secret>)'),
    ),
    TELEGRAM_BOT_ID: optional(
      z.string().regex(/^\d{1,20}$/, "must be the bot's numeric id (the token's part before ':')"),
    ),
    // 1: the bot lives on Telegram's test environment, whose initData is signed with its own key.
    TELEGRAM_TEST_ENVIRONMENT: optional(z.enum(['0', '1'], { error: 'must be 0 or 1' })),
    // Telegram Stars (docs/payments.md#telegram-stars): the secret_token given to setWebhook, which
    // Telegram sends with every update; with TELEGRAM_BOT_TOKEN it makes Stars available.
    TELEGRAM_WEBHOOK_SECRET: optional(
      z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 of the characters A-Z a-z 0-9 _ -'),
    ),
    // Who hands the site the bot's payment updates: Telegram itself (the site is the bot's webhook,
    // TELEGRAM_WEBHOOK_SECRET), or the assistant's backend, which holds the bot's one webhook and
    // forwards them signed with CHAT_BACKEND_SECRET (docs/miniapp.md, "Setting up the bot").
    TELEGRAM_UPDATES_FROM: optional(z.enum(['telegram', 'backend'], { error: 'must be telegram or backend' })).default(
      'telegram',
    ),
    // The Bot API's origin (default Telegram's own; a local Bot API server, or a test's stand-in).
    TELEGRAM_BOT_API_URL: optional(httpUrl).default('https://api.telegram.org'),
    // Seconds between reconciliation rounds inside the server; 0 turns it off (default: 300 in production, off elsewhere).
    RECONCILE_INTERVAL_SECONDS: optional(z.coerce.number().int().min(0).max(86_400)),
    // Checkouts per minute allowed per session / per client IP.
    CHECKOUT_RATE_LIMITS: optional(
      z.string().regex(/^\d{1,6}\/\d{1,6}$/, 'must be "<per session>/<per IP>", e.g. 10/30'),
    ).default('10/30'),
    // Link exchanges (GET /pay?t=…) per minute per client IP.
    LINK_RATE_LIMIT: optional(z.coerce.number().int().min(1).max(1_000_000)).default(20),
    // Web Vitals reports of one page per client and hour (the alert rules assume the default).
    VITALS_PAGE_REPORTS_PER_HOUR: optional(z.coerce.number().int().min(1).max(1_000_000)).default(5),
    // How many reverse proxies in front of `next start` append to X-Forwarded-For; the client is
    // the address the outermost of them saw. 0: the socket's peer (no proxy; the header is ignored).
    TRUSTED_PROXY_HOPS: optional(z.coerce.number().int().min(0).max(10)).default(0),
    // Bearer token for GET /api/metrics from other hosts (loopback needs none); ≥ 16 characters.
    METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters long')),
    // `npm start` sets it: print working demo links to the terminal at start (never in production).
    DEMO_LINKS: optional(z.enum(['0', '1'], { error: 'must be 0 or 1' })),
    LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
    // 1: production may run on a plain-http SITE_URL (cookies lose Secure and `__Host-`); a warning at start says so.
    ALLOW_HTTP_SITE_URL: optional(z.enum(['0', '1'], { error: 'must be 0 or 1' })),
    // Set by Next itself: `phase-production-build` while `next build` prerenders.
    NEXT_PHASE: optional(z.string()),
  })
  .transform((env) => ({ ...env, SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}` }));

/** The variables the schema reads, each documented in docs/configuration.md (tests/house/docs.test.ts). */
export const configurationVariables: readonly string[] = Object.keys(fields.in.shape);

type ParsedEnv = z.output<typeof fields>;

const schema = fields
  .superRefine((env, ctx) => {
    const production = env.APP_ENV ? env.APP_ENV === 'production' : !isLoopbackHost(new URL(env.SITE_URL).hostname);
    // The shape of every value that is set is checked above and below, at build time too. What a
    // running server needs (secrets, a gateway's full set, https for its own origin) is the start's
    // business: a build uses none of it and embeds none of it, so its environment holds no secret.
    const building = env.NEXT_PHASE === 'phase-production-build';
    if (production) {
      for (const name of httpsInProduction) {
        const value = env[name];
        if (value && new URL(value).protocol !== 'https:') {
          ctx.addIssue({ code: 'custom', path: [name], message: 'must be an https URL in production' });
        }
      }
    }
    if (!building) requiredToServe(env, production, ctx);
  })
  .transform((env) => {
    const site = new URL(env.SITE_URL);
    const isProduction = env.APP_ENV ? env.APP_ENV === 'production' : !isLoopbackHost(site.hostname);
    // Outside production an unnamed endpoint is the gateway's sandbox; in production every endpoint a
    // configured gateway uses was required above, so an empty one belongs to a gateway that is off.
    const endpoint = (name: GatewayEndpoint) => env[name] ?? (isProduction ? '' : gatewaySandboxEndpoints[name]);
    return {
      ...env,
      VNPAY_PAYMENT_URL: endpoint('VNPAY_PAYMENT_URL'),
      VNPAY_API_URL: endpoint('VNPAY_API_URL'),
      MOMO_ENDPOINT: endpoint('MOMO_ENDPOINT'),
      PAYPAL_API_BASE: endpoint('PAYPAL_API_BASE'),
      RECONCILE_INTERVAL_SECONDS: env.RECONCILE_INTERVAL_SECONDS ?? (isProduction ? 300 : 0),
      TELEGRAM_BOT_API_URL: env.TELEGRAM_BOT_API_URL.replace(/\/+$/, ''),
      SITE_URL: env.SITE_URL.replace(/\/+$/, ''),
      isProduction,
      /** The public origin browsers see: the only one a state-changing request may come from. */
      siteOrigin: site.origin,
      /** Cookies are Secure (and the session one `__Host-`) when the public site is https, whatever `next start` listens on. */
      secureCookies: site.protocol === 'https:',
    };
  });

/** What a server needs before it takes a request; not checked while `next build` prerenders. */
function requiredToServe(env: ParsedEnv, production: boolean, ctx: z.RefinementCtx): void {
  if (production && !env.PAYLINK_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['PAYLINK_SECRET'], message: 'is required in production' });
  }
  if (production && new URL(env.SITE_URL).protocol !== 'https:' && env.ALLOW_HTTP_SITE_URL !== '1') {
    ctx.addIssue({
      code: 'custom',
      path: ['SITE_URL'],
      message:
        'must be an https URL in production: on plain http the session cookies cannot be Secure ' +
        '(ALLOW_HTTP_SITE_URL=1 accepts it anyway, with a warning at start)',
    });
  }
  if (production) {
    for (const { credential, set, endpoints } of endpointsOf) {
      if (!set(env)) continue;
      for (const name of endpoints.filter((n) => !env[n])) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is required in production with ${credential} (the gateway's live endpoint; there is no default)`,
        });
      }
    }
  }
  const tokenBotId = env.TELEGRAM_BOT_TOKEN?.split(':')[0];
  if (tokenBotId && env.TELEGRAM_BOT_ID && tokenBotId !== env.TELEGRAM_BOT_ID) {
    ctx.addIssue({
      code: 'custom',
      path: ['TELEGRAM_BOT_ID'],
      message: 'must be the id TELEGRAM_BOT_TOKEN starts with (both name one bot)',
    });
  }
  if (env.TELEGRAM_UPDATES_FROM === 'backend' && !env.CHAT_BACKEND_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['TELEGRAM_UPDATES_FROM'],
      message: "is backend, which needs CHAT_BACKEND_URL (the assistant's backend forwards the updates)",
    });
  }
  if (env.CHAT_BACKEND_URL && !env.CHAT_BACKEND_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['CHAT_BACKEND_SECRET'], message: 'is required with CHAT_BACKEND_URL' });
  }
  const momo = [env.MOMO_PARTNER_CODE, env.MOMO_ACCESS_KEY, env.MOMO_SECRET_KEY];
  if (momo.some(Boolean) && !momo.every(Boolean)) {
    for (const name of ['MOMO_PARTNER_CODE', 'MOMO_ACCESS_KEY', 'MOMO_SECRET_KEY'] as const) {
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'must be set with the other MoMo credentials' });
    }
  }
  if (Boolean(env.VNPAY_TMN_CODE) !== Boolean(env.VNPAY_HASH_SECRET)) {
    const missing = env.VNPAY_TMN_CODE ? 'VNPAY_HASH_SECRET' : 'VNPAY_TMN_CODE';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'must be set together with the other VNPay credential',
    });
  }
  // PayPal needs all four to take money: the secret to read subscriptions, the webhook id to
  // verify events, the plan ids to bill; a partial set is a misconfiguration, not "sandbox".
  const paypal = [
    'NEXT_PUBLIC_PAYPAL_CLIENT_ID',
    'PAYPAL_CLIENT_SECRET',
    'PAYPAL_WEBHOOK_ID',
    'PAYPAL_PLAN_IDS',
  ] as const;
  const paypalSet = paypal.filter((name) => env[name]);
  if (paypalSet.length > 0 && paypalSet.length < paypal.length) {
    for (const name of paypal.filter((n) => !env[n])) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'must be set together with the other PayPal settings' });
    }
  }
}

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'} ${issue.message}`);
  throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Reads process.env again on the next env() call (tests that change a variable). */
export function reloadEnv(): void {
  cached = undefined;
}
