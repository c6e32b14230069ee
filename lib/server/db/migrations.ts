import 'server-only';
import { createHash } from 'node:crypto';
import type { Sql } from './sql';

/**
 * One change to the schema: `id` names it (a number that keeps the order, then what it does), `sql`
 * is run whole, as one script of statements (a PL/pgSQL body keeps its semicolons).
 */
export interface Migration {
  id: string;
  sql: string;
}

/**
 * The one schema of the site's database — the payment ledger and the embedded account directory —
 * for PGlite and PostgreSQL alike. Append a migration with the next number; never edit, remove or
 * reorder one that has shipped: the database records each applied migration's id and checksum,
 * and start-up refuses a list that no longer matches it. Applied in order at start, each in its
 * own transaction.
 */
export const migrations: readonly Migration[] = [
  {
    id: '0001_directory_and_ledger',
    sql: `
  CREATE TABLE accounts (
    platform        text NOT NULL CHECK (platform IN ('telegram', 'slack', 'discord')),
    user_id         text NOT NULL,
    username        text NOT NULL,
    full_name       text NOT NULL,
    referral_code   text NOT NULL UNIQUE,
    plan            text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'individual_pro', 'team_pro')),
    plan_expires_at timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (platform, user_id)
  );

  CREATE TABLE teams (
    platform        text NOT NULL,
    team_id         text NOT NULL,
    name            text NOT NULL,
    plan            text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'team_pro')),
    plan_expires_at timestamptz,
    seats           integer NOT NULL DEFAULT 0 CHECK (seats >= 0),
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (platform, team_id)
  );

  CREATE TABLE team_members (
    platform  text NOT NULL,
    team_id   text NOT NULL,
    user_id   text NOT NULL,
    role      text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member')),
    status    text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
    joined_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (platform, team_id, user_id),
    FOREIGN KEY (platform, team_id) REFERENCES teams,
    FOREIGN KEY (platform, user_id) REFERENCES accounts
  );

  CREATE TABLE orders (
    id              text PRIMARY KEY,
    platform        text NOT NULL,
    user_id         text NOT NULL,
    team_id         text,
    plan            text NOT NULL,
    period          text NOT NULL,
    seats           integer,
    months          integer NOT NULL,
    gateway         text NOT NULL,
    method          text NOT NULL,
    currency        text NOT NULL,
    amount          bigint NOT NULL CHECK (amount > 0),
    status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'needs_review')),
    locale          text NOT NULL,
    client_ip       text NOT NULL,
    idempotency_key text NOT NULL,
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    FOREIGN KEY (platform, user_id) REFERENCES accounts,
    UNIQUE (platform, user_id, idempotency_key)
  );

  -- Every verified callback, once: the unique key is what makes a replayed callback a no-op.
  CREATE TABLE payment_events (
    id             bigserial PRIMARY KEY,
    gateway        text NOT NULL,
    transaction_id text NOT NULL,
    order_id       text NOT NULL REFERENCES orders,
    amount         bigint NOT NULL,
    succeeded      boolean NOT NULL,
    result_code    text NOT NULL,
    outcome        text NOT NULL,
    payload        jsonb NOT NULL,
    received_at    timestamptz NOT NULL,
    UNIQUE (gateway, transaction_id)
  );
  CREATE INDEX payment_events_order ON payment_events (order_id);
  `,
  },
  {
    id: '0002_link_claims',
    sql: `
  CREATE TABLE link_claims (
    jti        text PRIMARY KEY,
    claimed_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
  );
  CREATE INDEX link_claims_expiry ON link_claims (expires_at);
  `,
  },
  // The ledger/directory split (docs/architecture.md): the grant outbox, the gateway's own order reference,
  // and the directory's record of which orders it has applied (its idempotency key).
  // Orders no longer reference accounts: in webhook mode the accounts live in the assistant's backend.
  {
    id: '0003_outbox_and_directory_grants',
    sql: `
  ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_platform_user_id_fkey;
  ALTER TABLE orders ADD COLUMN gateway_ref text;

  CREATE TABLE outbox (
    order_id        text PRIMARY KEY REFERENCES orders,
    grant_json      jsonb NOT NULL,
    created_at      timestamptz NOT NULL,
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    leased_until    timestamptz,
    delivered_at    timestamptz,
    last_error      text
  );
  CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;

  CREATE TABLE directory_grants (
    order_id   text PRIMARY KEY,
    applied_at timestamptz NOT NULL
  );
  `,
  },
  // PayPal subscriptions: one row per gateway subscription, bound to the checkout
  // order that started it. Each payment of a subscription is its own order row (cycle 1 is the
  // checkout order, cycle n a renewal order), so settlement, the outbox and the directory stay
  // idempotent by order id. Webhook events are kept by the gateway's event id (dedupe, audit).
  {
    id: '0004_subscriptions',
    sql: `
  CREATE TABLE subscriptions (
    id         text PRIMARY KEY,
    gateway    text NOT NULL,
    order_id   text NOT NULL UNIQUE REFERENCES orders,
    plan_id    text NOT NULL,
    quantity   integer NOT NULL CHECK (quantity > 0),
    status     text NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  );

  ALTER TABLE orders ADD COLUMN subscription_id text;
  ALTER TABLE orders ADD COLUMN subscription_cycle integer;
  CREATE UNIQUE INDEX orders_subscription_cycle ON orders (subscription_id, subscription_cycle)
    WHERE subscription_id IS NOT NULL;

  CREATE TABLE webhook_events (
    gateway     text NOT NULL,
    event_id    text NOT NULL,
    event_type  text NOT NULL,
    resource_id text,
    outcome     text NOT NULL,
    payload     jsonb NOT NULL,
    received_at timestamptz NOT NULL,
    PRIMARY KEY (gateway, event_id)
  );

  -- Only the local PayPal sandbox (never used in production) writes here: the subscriptions it
  -- plays PayPal for, so that a restart or another process (npm run reconcile) still sees them.
  CREATE TABLE paypal_sandbox_subscriptions (
    id               text PRIMARY KEY,
    plan_id          text NOT NULL,
    quantity         integer NOT NULL,
    custom_id        text NOT NULL,
    status           text NOT NULL,
    cycles_completed integer NOT NULL DEFAULT 0,
    failed_payments  integer NOT NULL DEFAULT 0,
    last_webhook     jsonb,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL
  );
  `,
  },
  // The team page: a member has its own opaque id (the API's memberId); a username the
  // assistant has not met yet is a member without a user id ("invited") until it first speaks.
  // Indexes keep a 5,000-member team's listing, search count and seat count on the team's own rows.
  {
    id: '0005_team_member_ids',
    sql: `
  ALTER TABLE team_members ADD COLUMN member_id text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
  ALTER TABLE team_members ADD COLUMN invited_username text;
  ALTER TABLE team_members DROP CONSTRAINT team_members_pkey;
  ALTER TABLE team_members ADD PRIMARY KEY (member_id);
  ALTER TABLE team_members ALTER COLUMN user_id DROP NOT NULL;
  ALTER TABLE team_members ADD CONSTRAINT team_members_identity CHECK ((user_id IS NULL) <> (invited_username IS NULL));
  ALTER TABLE team_members DROP CONSTRAINT team_members_status_check;
  ALTER TABLE team_members ADD CONSTRAINT team_members_status_check CHECK (status IN ('active', 'invited', 'blocked'));
  CREATE UNIQUE INDEX team_members_user ON team_members (platform, team_id, user_id) WHERE user_id IS NOT NULL;
  CREATE UNIQUE INDEX team_members_invite ON team_members (platform, team_id, lower(invited_username))
    WHERE invited_username IS NOT NULL;
  CREATE INDEX team_members_listing ON team_members (platform, team_id, joined_at, member_id);
  CREATE INDEX team_members_of_user ON team_members (platform, user_id);
  CREATE INDEX accounts_username ON accounts (platform, lower(username));
  `,
  },
  // Gateways: how checkout began, replayed to a repeated checkout instead of a second
  // gateway call; every review-queue decision; and the local gateway sandboxes' own records, which
  // answer the reconciliation queries the way the real gateways' records do (never used in production).
  {
    id: '0006_checkout_start_review_sandbox',
    sql: `
  ALTER TABLE orders ADD COLUMN checkout_start jsonb;
  CREATE INDEX orders_pending ON orders (created_at) WHERE status = 'pending';
  CREATE INDEX orders_review ON orders (updated_at) WHERE status = 'needs_review';

  CREATE TABLE review_decisions (
    id         bigserial PRIMARY KEY,
    order_id   text NOT NULL REFERENCES orders,
    decision   text NOT NULL CHECK (decision IN ('grant', 'close')),
    decided_by text NOT NULL,
    note       text NOT NULL,
    decided_at timestamptz NOT NULL
  );
  CREATE INDEX review_decisions_order ON review_decisions (order_id);

  CREATE TABLE gateway_sandbox (
    gateway    text NOT NULL,
    ref        text NOT NULL,
    payment    jsonb NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (gateway, ref)
  );
  `,
  },
  // Reconciliation of running subscriptions: when reconciliation last re-read a
  // subscription whose next payment looked overdue here (a lost renewal webhook), so it asks again
  // hours later, not every round.
  {
    id: '0007_subscriptions_checked_at',
    sql: `
  ALTER TABLE subscriptions ADD COLUMN checked_at timestamptz;
  CREATE INDEX subscriptions_running ON subscriptions (gateway, id) WHERE status = 'ACTIVE';
  `,
  },
  // Rate-limit buckets shared by every instance (lib/server/http/rate-limit.ts): the layout
  // rate-limiter-flexible's RateLimiterPostgres reads and writes; expire is epoch milliseconds.
  {
    id: '0008_rate_limit_buckets',
    sql: `
  CREATE TABLE rate_limit_buckets (
    key    varchar(255) PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire bigint
  );
  `,
  },
  // A payer's own orders, newest first (the payment history on /pay), read a page at a time.
  {
    id: '0009_orders_of_account',
    sql: `
  CREATE INDEX orders_of_account ON orders (platform, user_id, created_at DESC, id DESC);
  `,
  },
  // A team's orders, newest first (the team page's payments, for its admins).
  {
    id: '0010_orders_of_team',
    sql: `
  CREATE INDEX orders_of_team ON orders (platform, team_id, created_at DESC, id DESC) WHERE team_id IS NOT NULL;
  `,
  },
  // Which browser holds a link's session now (lib/server/session/handoff.ts): a handoff to another
  // browser moves it there and ends the older one's session. Null: claimed before handoffs existed.
  {
    id: '0011_link_claims_holder',
    sql: `
  ALTER TABLE link_claims ADD COLUMN holder text;
  `,
  },
  // Team Pro is billed per block of 10 seats, and a block paid for is usable whole
  // (lib/pricing/grant.ts). Teams and orders stored before that rule hold the size typed (25 for
  // a payment of 3 blocks): they get the rest of their last block. The block size is written out:
  // this is what was sold until now, whatever the catalogue says later.
  {
    id: '0012_whole_seat_blocks',
    sql: `
  UPDATE teams SET seats = ((seats + 9) / 10) * 10 WHERE plan = 'team_pro' AND seats % 10 <> 0;
  UPDATE orders SET seats = ((seats + 9) / 10) * 10 WHERE plan = 'team_pro' AND seats % 10 <> 0;
  `,
  },
  // Money back (lib/server/payments/refunds/): one row per refund, ours or one the gateway reports
  // (a merchant portal's); at most one of ours waits on a gateway per order, and a gateway's refund
  // id is recorded once. The outbox carries the account's change after a refund (a revocation) as
  // well as grants, so its rows get their own id; the directory records which it applied. Company
  // details for invoices are kept with the order.
  {
    id: '0013_refunds',
    sql: `
  CREATE TABLE refunds (
    id             text PRIMARY KEY,
    order_id       text NOT NULL REFERENCES orders,
    gateway        text NOT NULL,
    amount         bigint NOT NULL CHECK (amount > 0),
    currency       text NOT NULL,
    status         text NOT NULL CHECK (status IN ('requested', 'succeeded', 'refused')),
    origin         text NOT NULL CHECK (origin IN ('site', 'gateway')),
    gateway_ref    text,
    reason         text NOT NULL,
    requested_by   text NOT NULL,
    answer_code    text,
    answer_message text,
    created_at     timestamptz NOT NULL,
    settled_at     timestamptz
  );
  CREATE INDEX refunds_of_order ON refunds (order_id, created_at);
  CREATE UNIQUE INDEX refunds_gateway_ref ON refunds (gateway, gateway_ref) WHERE gateway_ref IS NOT NULL;
  CREATE UNIQUE INDEX refunds_one_in_flight ON refunds (order_id) WHERE status = 'requested';

  ALTER TABLE outbox ADD COLUMN id text;
  UPDATE outbox SET id = order_id;
  ALTER TABLE outbox ALTER COLUMN id SET NOT NULL;
  ALTER TABLE outbox DROP CONSTRAINT outbox_pkey;
  ALTER TABLE outbox ADD PRIMARY KEY (id);
  ALTER TABLE outbox ADD COLUMN kind text NOT NULL DEFAULT 'grant' CHECK (kind IN ('grant', 'revocation'));
  CREATE UNIQUE INDEX outbox_grant_of_order ON outbox (order_id) WHERE kind = 'grant';

  CREATE TABLE directory_revocations (
    refund_id  text PRIMARY KEY,
    applied_at timestamptz NOT NULL
  );

  ALTER TABLE orders ADD COLUMN billing jsonb;
  ALTER TABLE orders ADD COLUMN refunds_checked_at timestamptz;
  ALTER TABLE review_decisions DROP CONSTRAINT review_decisions_decision_check;
  ALTER TABLE review_decisions ADD CONSTRAINT review_decisions_decision_check
    CHECK (decision IN ('grant', 'close', 'refund'));
  `,
  },
  // The PayPal sandbox keeps a subscription's start time, as PayPal does: one that starts later
  // takes no payment when approved.
  {
    id: '0014_paypal_sandbox_start_time',
    sql: `
  ALTER TABLE paypal_sandbox_subscriptions ADD COLUMN start_time timestamptz;
  `,
  },
  // Paid twice for one need: the later payment names the one it repeats, and is refunded by itself.
  {
    id: '0015_orders_paid_twice',
    sql: `
  ALTER TABLE orders ADD COLUMN paid_twice_of text REFERENCES orders;
  CREATE INDEX orders_paid_twice ON orders (created_at) WHERE paid_twice_of IS NOT NULL;
  `,
  },
  // Refunds made elsewhere (docs/payments.md#refunds-made-elsewhere). A report a person must place
  // holds the report, not the payment: the order stays paid, flagged for the review queue
  // (refund_held_at). What a gateway that reports no amounts said last is kept with the order
  // (refund_report), to tell a new refund from one already matched. A refund's gateway_ref holds
  // only the gateway's own id, which credit notes print: a whole refund found by querydr was keyed
  // as '<order>:whole', and VNPay's refund numbers were stored as 'refund:<number>'. An operator
  // may record a refund found in a merchant portal ('record').
  {
    id: '0016_refund_reports',
    sql: `
  ALTER TABLE orders ADD COLUMN refund_report jsonb;
  ALTER TABLE orders ADD COLUMN refund_held_at timestamptz;
  CREATE INDEX orders_refund_held ON orders (refund_held_at) WHERE refund_held_at IS NOT NULL;
  UPDATE refunds SET gateway_ref = NULL WHERE gateway_ref = order_id || ':whole';
  UPDATE refunds SET gateway_ref = substr(gateway_ref, 8) WHERE gateway = 'vnpay' AND gateway_ref LIKE 'refund:%';
  ALTER TABLE review_decisions DROP CONSTRAINT review_decisions_decision_check;
  ALTER TABLE review_decisions ADD CONSTRAINT review_decisions_decision_check
    CHECK (decision IN ('grant', 'close', 'refund', 'record'));
  `,
  },
  // Who may take a link back, and which link of an account is the newest (docs/links.md): the
  // browser that claimed a link first (first_holder) may open it again and hold it again; the
  // newest link exchanged for an account (link_accounts) ends the sessions of its older links.
  // A claim is now kept until every session made from it has ended (its expires_at is that time).
  {
    id: '0017_link_holders',
    sql: `
  ALTER TABLE link_claims ADD COLUMN first_holder text;
  CREATE TABLE link_accounts (
    account    text PRIMARY KEY,
    jti        text NOT NULL,
    kept_until timestamptz NOT NULL
  );
  CREATE INDEX link_accounts_expiry ON link_accounts (kept_until);
  `,
  },
  {
    // What the plan's expiry became when the directory applied a refund's revocation: the payer's
    // history says how many days came off and until when the plan now runs (or when it ended).
    id: '0018_outbox_applied_expiry',
    sql: `
  ALTER TABLE outbox ADD COLUMN applied_expires_at timestamptz;
  `,
  },
  // A subscription's state in the site's words, beside the gateway's own status (kept for support):
  // the rules that read it — one live renewal per plan and owner, a renewal scheduled to start, an
  // overdue renewal — are every gateway's, so they may not read one gateway's words. Each gateway
  // maps its status when it writes one; the rows written so far are PayPal's.
  {
    id: '0019_subscription_states',
    sql: `
  ALTER TABLE subscriptions ADD COLUMN state text NOT NULL DEFAULT 'stopped'
    CHECK (state IN ('awaiting_approval', 'approved', 'active', 'suspended', 'stopped'));
  UPDATE subscriptions SET state = CASE status
    WHEN 'APPROVAL_PENDING' THEN 'awaiting_approval'
    WHEN 'APPROVED' THEN 'approved'
    WHEN 'ACTIVE' THEN 'active'
    WHEN 'SUSPENDED' THEN 'suspended'
    ELSE 'stopped' END;
  ALTER TABLE subscriptions ALTER COLUMN state DROP DEFAULT;
  DROP INDEX subscriptions_running;
  CREATE INDEX subscriptions_active ON subscriptions (gateway, id) WHERE state = 'active';
  `,
  },
  // The operators' console (docs/operations.md): operators signed in with passkeys only, their
  // single-use invitations, the passkey ceremonies' challenges, short sessions, one row per console
  // action (its idempotency key: a repeat answers the first result), and an append-only audit log
  // the database itself refuses to change. Reconciliation's rounds are recorded, so the console can
  // say when it last ran.
  {
    id: '0020_operators_console',
    sql: `
  CREATE TABLE operators (
    id               text PRIMARY KEY,
    name             text NOT NULL UNIQUE,
    role             text NOT NULL CHECK (role IN ('viewer', 'refunder')),
    webauthn_user_id text NOT NULL UNIQUE,
    created_at       timestamptz NOT NULL,
    revoked_at       timestamptz
  );
  CREATE TABLE operator_credentials (
    id           text PRIMARY KEY,
    operator_id  text NOT NULL REFERENCES operators,
    public_key   text NOT NULL,
    counter      bigint NOT NULL DEFAULT 0,
    transports   text NOT NULL DEFAULT '[]',
    created_at   timestamptz NOT NULL,
    last_used_at timestamptz
  );
  CREATE INDEX operator_credentials_operator ON operator_credentials (operator_id);
  CREATE TABLE operator_invitations (
    token_hash  text PRIMARY KEY,
    operator_id text NOT NULL REFERENCES operators,
    created_by  text NOT NULL,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
  );
  CREATE TABLE operator_challenges (
    id         text PRIMARY KEY,
    purpose    text NOT NULL CHECK (purpose IN ('enrol', 'sign_in', 'step_up')),
    challenge  text NOT NULL,
    subject    text,
    expires_at timestamptz NOT NULL
  );
  CREATE TABLE operator_sessions (
    id_hash     text PRIMARY KEY,
    operator_id text NOT NULL REFERENCES operators,
    created_at  timestamptz NOT NULL,
    verified_at timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,
    ended_at    timestamptz
  );
  CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);
  CREATE TABLE operator_actions (
    operator_id text NOT NULL REFERENCES operators,
    key         text NOT NULL,
    action      text NOT NULL,
    fingerprint text NOT NULL,
    result      jsonb,
    created_at  timestamptz NOT NULL,
    finished_at timestamptz,
    PRIMARY KEY (operator_id, key)
  );
  CREATE TABLE operator_audit (
    id          bigserial PRIMARY KEY,
    at          timestamptz NOT NULL,
    actor       text NOT NULL,
    operator_id text,
    action      text NOT NULL,
    order_id    text,
    reason      text,
    detail      jsonb NOT NULL DEFAULT '{}'
  );
  CREATE INDEX operator_audit_order ON operator_audit (order_id, id) WHERE order_id IS NOT NULL;
  CREATE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'operator_audit is append-only';
  END
  $$;
  CREATE TRIGGER operator_audit_no_change BEFORE UPDATE OR DELETE ON operator_audit
    FOR EACH ROW EXECUTE FUNCTION operator_audit_append_only();
  CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
    FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only();
  CREATE TABLE reconcile_runs (
    id          bigserial PRIMARY KEY,
    started_at  timestamptz NOT NULL,
    finished_at timestamptz NOT NULL,
    report      jsonb NOT NULL
  );
  `,
  },
  // Query packs (pay-as-you-go): an order may buy packs instead of a plan (its quantity), and the
  // embedded directory keeps each paid order's extra queries, what is left of them and until when.
  {
    id: '0021_query_packs',
    sql: `
  ALTER TABLE orders ADD COLUMN quantity integer CHECK (quantity IS NULL OR quantity > 0);
  CREATE TABLE account_query_packs (
    order_id   text PRIMARY KEY,
    platform   text NOT NULL,
    user_id    text NOT NULL,
    queries    integer NOT NULL CHECK (queries > 0),
    remaining  integer NOT NULL CHECK (remaining >= 0 AND remaining <= queries),
    expires_at timestamptz NOT NULL,
    granted_at timestamptz NOT NULL,
    FOREIGN KEY (platform, user_id) REFERENCES accounts
  );
  CREATE INDEX account_query_packs_of ON account_query_packs (platform, user_id, expires_at);
  `,
  },
  // Operators who manage operators: an admin also invites and revokes them from the console, so an
  // embedded deployment (whose database only the running server may open) never stops for it.
  {
    id: '0022_operator_admins',
    sql: `
  ALTER TABLE operators DROP CONSTRAINT operators_role_check;
  ALTER TABLE operators ADD CONSTRAINT operators_role_check CHECK (role IN ('viewer', 'refunder', 'admin'));
  `,
  },
];

/** The SHA-256 of a migration's text, as the database records it when the migration is applied. */
export const checksumOf = (migration: Migration): string => createHash('sha256').update(migration.sql).digest('hex');

/** The database records an applied migration that the code's list has otherwise (edited, renamed, reordered). */
export class MigrationMismatchError extends Error {
  override name = 'MigrationMismatchError';
}

/** Two processes starting together against one server: the lock makes the second wait, then skip. */
const LOCK = 'SELECT pg_advisory_xact_lock(7283001)';

/**
 * Applies the migrations of `list` not applied yet, in order, after checking that every one the
 * database records as applied is still the same (id and checksum at its place). `through` stops
 * after that many: a test of a migration builds the schema just before it, writes the rows it
 * changes, then applies it.
 *
 * A database migrated before migrations had ids recorded only each one's place (`version`): its
 * rows are given the id and checksum of the migration at that place, once, and checked from then on.
 */
export async function migrate(sql: Sql, through?: number, list: readonly Migration[] = migrations): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.query(LOCK);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await tx.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS id text');
    await tx.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    const applied = await tx.query<{ version: number; id: string | null; checksum: string | null }>(
      'SELECT version, id, checksum FROM schema_migrations ORDER BY version',
    );
    for (const row of applied.rows) {
      const migration = list[row.version - 1];
      // Applied by a newer release (a rolling deploy runs both for a while): not this code's to judge.
      if (!migration) continue;
      const checksum = checksumOf(migration);
      if (row.id === null) {
        await tx.query('UPDATE schema_migrations SET id = $1, checksum = $2 WHERE version = $3', [
          migration.id,
          checksum,
          row.version,
        ]);
      } else if (row.id !== migration.id || row.checksum !== checksum) {
        throw new MigrationMismatchError(
          `migration ${row.version} was applied as ${row.id} (checksum ${row.checksum?.slice(0, 12)}), ` +
            `but the code has ${migration.id} (checksum ${checksum.slice(0, 12)}) there: a shipped migration ` +
            'was edited, renamed or moved. Restore it and append the change as a new migration.',
        );
      }
    }
  });
  for (const [index, migration] of list.slice(0, through ?? list.length).entries()) {
    const version = index + 1;
    await sql.transaction(async (tx) => {
      await tx.query(LOCK);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (done.rows.length) return;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, id, checksum) VALUES ($1, $2, $3)', [
        version,
        migration.id,
        checksumOf(migration),
      ]);
    });
  }
}
