import type { NextRequest } from 'next/server';
import { requestLocale } from '@/lib/server/request/guards';
import { htmlResponse } from '@/lib/server/http/html';
import { otherMethods } from '@/lib/server/http/methods';
import { harnessLaunchQuery } from '@/lib/server/telegram/harness';
import { HARNESS_CSP, harnessPage } from '@/lib/server/telegram/harness-page';

// GET /api/miniapp/harness?user&page&team&theme&language — the local stand-in for Telegram's client (never in production).
export async function GET(request: NextRequest) {
  const launch = harnessLaunchQuery.parse(Object.fromEntries(request.nextUrl.searchParams));
  const html = await harnessPage(requestLocale(request), launch);
  if (!html) return new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return htmlResponse(200, html, {
    'Content-Security-Policy': HARNESS_CSP,
    'X-Robots-Tag': 'noindex',
    'X-Content-Type-Options': 'nosniff',
  });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
