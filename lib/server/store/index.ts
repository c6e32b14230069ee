import 'server-only';
import { join, resolve } from 'node:path';
import { env } from '@/lib/server/env';
import type { ChatBackend } from './types';
import { embeddedBackend } from './embedded/embedded-backend';
import { migrate } from './embedded/migrations';
import { seedDemoData } from './embedded/seed';
import { openPglite, openPostgres, type Sql } from './embedded/sql';

export type * from './types';

export interface Opened {
  backend: ChatBackend;
  sql: Sql;
  /** True when this start wrote the demo data. */
  seeded: boolean;
}

// Route handlers, pages and instrumentation can be bundled separately, each with its own copy of
// this module; a PGlite directory must have exactly one owner per process, so the handle is global.
const slot = Symbol.for('quorum.chatBackend');
type GlobalSlot = { [slot]?: Promise<Opened> };

/** The chat backend chosen by configuration, opened (migrated, seeded outside production) once. */
export function openChatBackend(): Promise<Opened> {
  const holder = globalThis as GlobalSlot;
  holder[slot] ??= open().catch((error: unknown) => {
    delete holder[slot];
    throw error;
  });
  return holder[slot];
}

/** Wires in an already opened backend (tests, and embedders that build their own). */
export function installChatBackend(opened: Promise<Opened> | undefined): void {
  const holder = globalThis as GlobalSlot;
  if (opened) holder[slot] = opened;
  else delete holder[slot];
}

export async function chatBackend(): Promise<ChatBackend> {
  return (await openChatBackend()).backend;
}

async function open(): Promise<Opened> {
  const config = env();
  const sql = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(join(resolve(config.DATA_DIR), 'pglite'));
  await migrate(sql);
  const seeded = config.isProduction ? false : await seedDemoData(sql);
  return { backend: embeddedBackend(sql), sql, seeded };
}
