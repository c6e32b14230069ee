import { NextResponse } from 'next/server';
import { ledgerSql } from '@/lib/server/db';
import { accountDirectory } from '@/lib/server/directory';
import { env } from '@/lib/server/env';
import { otherMethods } from '@/lib/server/http/methods';
import { log, requestLog } from '@/lib/server/observability/log';

export const dynamic = 'force-dynamic';

const noStore = { 'Cache-Control': 'no-store' };

/**
 * 200 when the ledger answers, 503 otherwise; never any detail about why. In webhook mode the body
 * also says whether the chat backend answers — the site keeps serving while it is down.
 */
export async function GET(request?: Request) {
  try {
    await (await ledgerSql()).query('SELECT 1');
  } catch (error) {
    (request ? requestLog(request) : log()).error({ err: error }, 'health: the ledger did not answer');
    return NextResponse.json({ status: 'unavailable' }, { status: 503, headers: noStore });
  }
  if (!env().CHAT_BACKEND_URL) return NextResponse.json({ status: 'ok' }, { headers: noStore });
  const backend = await (
    await accountDirectory()
  )
    .ping()
    .then(() => 'up' as const)
    .catch(() => 'down' as const);
  return NextResponse.json({ status: 'ok', backend }, { headers: noStore });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
