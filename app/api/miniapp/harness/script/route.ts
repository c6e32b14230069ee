import { NextResponse } from 'next/server';
import { otherMethods } from '@/lib/server/http/methods';
import { harnessOffered } from '@/lib/server/telegram/harness';
import { HARNESS_SCRIPT } from '@/lib/server/telegram/harness-script';

// GET /api/miniapp/harness/script — the harness page's script (a file of this origin: its CSP allows no inline script).
export function GET() {
  if (!harnessOffered()) return new NextResponse(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return new NextResponse(HARNESS_SCRIPT, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
