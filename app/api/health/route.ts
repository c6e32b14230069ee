import { NextResponse } from 'next/server';
import { chatBackend } from '@/lib/server/store';

export const dynamic = 'force-dynamic';

/** 200 when the store answers, 503 otherwise; never any detail about why. */
export async function GET() {
  try {
    await (await chatBackend()).ping();
    return NextResponse.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    console.error('[health] store did not answer', error);
    return NextResponse.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
