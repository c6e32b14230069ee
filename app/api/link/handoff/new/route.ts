import { NextResponse, type NextRequest } from 'next/server';
import { apiError } from '@/lib/server/http/api-error';
import { requestLocale } from '@/lib/server/request/guards';
import { parsedJsonBody } from '@/lib/server/http/parsed-body';
import { otherMethods } from '@/lib/server/http/methods';
import { handoffRequest, requestHandoff } from '@/lib/server/links/handoff-exchange';

// POST /api/link/handoff/new — {page}: "Open in another browser": a one-hop handoff for this browser's session.
export async function POST(request: NextRequest) {
  const locale = requestLocale(request);
  const form = await parsedJsonBody(request, { schema: handoffRequest, maxBytes: 256 });
  if (!form.ok) return apiError(form.code, locale);
  const issued = await requestHandoff(request, form.body);
  if (!issued.ok) {
    const wait = issued.code === 'rate_limited' ? { retryAfterSeconds: issued.retryAfterSeconds } : {};
    return apiError(issued.code, locale, wait);
  }
  return NextResponse.json(
    { handoff: issued.handoff, expiresAt: issued.expiresAt },
    { headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } },
  );
}

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
