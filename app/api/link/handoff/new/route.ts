import { NextResponse, type NextRequest } from 'next/server';
import { apiError } from '@/lib/server/http/api-error';
import { readJsonBody, requestLocale } from '@/lib/server/http/guards';
import { otherMethods } from '@/lib/server/http/methods';
import { handoffRequest, requestHandoff } from '@/lib/server/links/handoff-exchange';

const MAX_BODY_BYTES = 256;

// POST /api/link/handoff/new — {page}: "Open in another browser": a one-hop handoff for this browser's session.
export async function POST(request: NextRequest) {
  const locale = requestLocale(request);
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return apiError(body.code, locale);
  const form = handoffRequest.safeParse(body.value);
  if (!form.success) return apiError('invalid_request', locale);
  const issued = await requestHandoff(request, form.data);
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
