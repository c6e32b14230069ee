import { NextResponse } from 'next/server';
import { ledgerSql } from '@/lib/server/db';

export const dynamic = 'force-dynamic';

/** 200 when the ledger answers, 503 otherwise; never any detail about why. */
export async function GET() {
  try {
    await (await ledgerSql()).query('SELECT 1');
    return NextResponse.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    console.error('[health] the ledger did not answer', error);
    return NextResponse.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
