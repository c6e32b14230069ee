import { NextResponse } from 'next/server';
import { otherMethods } from '@/lib/server/http/methods';

export const dynamic = 'force-dynamic';

/** Liveness: the process answers. (Readiness, with the store, is /api/health.) Also the benchmarks' baseline. */
export function GET() {
  return NextResponse.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
