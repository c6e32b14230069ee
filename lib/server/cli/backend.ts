/**
 * `npm run backend -- [--port 4000] [--data .data-backend] [--database-url postgres://…] [--site-url https://…]`
 * The reference chat backend (webhook mode on one machine): serves docs/chat-backend.openapi.yaml from its own
 * embedded directory (PGlite in --data, or PostgreSQL), seeded with the demo accounts. Run the site
 * against it with CHAT_BACKEND_URL=http://localhost:<port> and the same CHAT_BACKEND_SECRET.
 * With --site-url and TELEGRAM_WEBHOOK_SECRET it is also the Telegram bot's webhook
 * (POST /telegram/webhook) and forwards the payment updates to the site, which then runs with
 * TELEGRAM_UPDATES_FROM=backend.
 */
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { env, EnvError } from '@/lib/server/env';
import { migrate } from '@/lib/server/db/migrations';
import { openPglite, openPostgres } from '@/lib/server/db/sql';
import { seedDemoData } from '@/lib/server/directory/embedded/seed';
import { referenceBackend, referenceBackendSchema } from '@/lib/server/directory/reference/handler';
import { TELEGRAM_WEBHOOK_PATH } from '@/lib/server/directory/reference/telegram-forward';

const args = z.object({
  port: z.coerce.number().int().min(1).max(65535).default(4000),
  data: z.string().min(1).default('.data-backend'),
  'database-url': z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  'site-url': z.url({ protocol: /^https?$/ }).optional(),
});

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      'database-url': { type: 'string' },
      'site-url': { type: 'string' },
    },
  });
  const parsed = args.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'));
    process.exit(2);
  }
  const secret = env().CHAT_BACKEND_SECRET;
  if (!secret) {
    console.error(
      'CHAT_BACKEND_SECRET is required (≥ 32 bytes), the same value the site uses.\n' +
        '  export CHAT_BACKEND_SECRET=$(openssl rand -hex 32)',
    );
    process.exit(2);
  }
  const { port, data } = parsed.data;
  const databaseUrl = parsed.data['database-url'];
  const sql = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(resolve(data), 'pglite'));
  await migrate(sql);
  for (const statement of referenceBackendSchema) await sql.query(statement);
  const seeded = await seedDemoData(sql);
  const siteUrl = parsed.data['site-url'];
  const webhookSecret = env().TELEGRAM_WEBHOOK_SECRET;
  if (siteUrl && !webhookSecret) {
    console.error(
      "--site-url forwards the bot's updates: TELEGRAM_WEBHOOK_SECRET (setWebhook's secret_token) is required",
    );
    process.exit(2);
  }
  const serve = referenceBackend(sql, secret, siteUrl && webhookSecret ? { siteUrl, webhookSecret } : undefined);
  const server = createServer((request, response) => void serve(request, response));
  server.listen(port, () => {
    console.log(`[backend] reference chat backend on http://localhost:${port}${seeded ? ' (demo data seeded)' : ''}`);
    console.log(
      `[backend] run the site against it: CHAT_BACKEND_URL=http://localhost:${port} CHAT_BACKEND_SECRET=… npm start`,
    );
    if (siteUrl) {
      console.log(
        `[backend] the bot's webhook: http://localhost:${port}${TELEGRAM_WEBHOOK_PATH}, payment updates forwarded to ${siteUrl}`,
      );
    }
  });
  const stop = () => server.close(() => void sql.close().then(() => process.exit(0)));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
