import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { requestLocale } from '@/lib/server/http/guards';
import { otherMethods } from '@/lib/server/http/methods';
import { harnessLanguages, harnessUsers } from '@/lib/server/telegram/harness';
import { HARNESS_CSP, harnessPage } from '@/lib/server/telegram/harness-page';

const launchQuery = z.object({
  user: z.coerce.number().int().catch(harnessUsers[0].id),
  page: z.enum(['pay', 'team']).catch('pay'),
  team: z.string().max(24).optional().catch(undefined),
  theme: z.enum(['light', 'dark']).catch('light'),
  language: z.enum(harnessLanguages as [string, ...string[]]).catch('en'),
});

// GET /api/miniapp/harness?user&page&team&theme&language — the local stand-in for Telegram's client (never in production).
export async function GET(request: NextRequest) {
  const launch = launchQuery.parse(Object.fromEntries(request.nextUrl.searchParams));
  const html = await harnessPage(requestLocale(request), {
    ...launch,
    userId: launch.user,
    team: launch.team || undefined,
  });
  if (!html) return new NextResponse(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return new NextResponse(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': HARNESS_CSP,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
