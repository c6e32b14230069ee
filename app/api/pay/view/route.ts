import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { site } from '@/lib/config/site';
import { env } from '@/lib/server/env';
import { apiError } from '@/lib/server/http/api-error';
import { requestLocale } from '@/lib/server/http/guards';
import { loadPayPage } from '@/lib/server/pay-page';
import { payingSubject } from '@/lib/server/session/session';
import { isUnavailable } from '@/lib/server/unavailable';
import type { PayPageView } from '@/lib/shared/pay-page-view';
import { payQueryLimits, type PayQuery } from '@/lib/shared/pay-query';
import { declineReasons } from '@/lib/shared/decline';
import { otherMethods } from '@/lib/server/http/methods';
import { requestLog } from '@/lib/server/observability/log';

/**
 * The pay page's own parameters (lib/shared/pay-query.ts), each capped; nothing else. A decline
 * reason is one of a closed set: any other value is dropped, so the page never shows words the
 * address chose.
 */
const payQuery = z
  .object(
    Object.fromEntries(Object.entries(payQueryLimits).map(([name, max]) => [name, z.string().max(max).optional()])),
  )
  .extend({ reason: z.enum(declineReasons).optional().catch(undefined) });

const perPayer = { 'Cache-Control': 'private, no-store' };
/** Dependencies that are down get a short, honest wait before the page asks again. */
const UNAVAILABLE_RETRY_SECONDS = 5;

// GET /api/pay/view?status&code&reason&order&plan&seats&link&receipt — what /pay shows the payer behind the session cookie.
export async function GET(request: NextRequest) {
  const locale = requestLocale(request);
  const supportEmail = env().SUPPORT_EMAIL ?? site.supportEmail;
  const query = payQuery.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) return apiError('invalid_request', locale);
  try {
    const page = await loadPayPage(await payingSubject(request.cookies), query.data as PayQuery, new Date());
    const view: PayPageView =
      page.kind === 'form'
        ? {
            kind: 'form',
            context: page.context,
            form: page.form,
            now: page.now.toISOString(),
            renewals: page.renewals,
            supportEmail,
          }
        : { ...page, supportEmail };
    return NextResponse.json(view, { headers: perPayer });
  } catch (error) {
    if (!isUnavailable(error)) {
      requestLog(request).error({ err: error }, 'the pay view failed');
      return apiError('server_error', locale);
    }
    // The ledger or the assistant's backend is down: the page says so and asks again.
    requestLog(request).warn({ err: error }, 'pay view: a dependency is unavailable');
    const view: PayPageView = { kind: 'result', result: { status: 'unavailable' }, supportEmail };
    return NextResponse.json(view, {
      status: 503,
      headers: { ...perPayer, 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) },
    });
  }
}

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
