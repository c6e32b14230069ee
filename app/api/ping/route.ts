import { NextResponse } from 'next/server';

export const dynamic = 'force-dynamic';

/** Liveness: the process answers. (Readiness, with the store, is /api/health.) Also the benchmarks' baseline. */
export function GET() {
  return NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
}
