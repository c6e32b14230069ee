import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { apiError } from '@/lib/server/http/api-error';
import { parsedJsonBody } from '@/lib/server/http/parsed-body';
import { clientIp, isSameOrigin, requestLocale } from '@/lib/server/request/guards';
import { rateLimit } from '@/lib/server/http/rate-limit';
import { miniAppRefusalTranslator } from '@/lib/server/i18n/translator';
import { requestLog } from '@/lib/server/observability/log';
import { isUnavailable, UNAVAILABLE_RETRY_SECONDS } from '@/lib/server/unavailable';
import { miniAppPages, type MiniAppRefusal } from '@/lib/shared/miniapp';
import { openMiniAppSession } from './miniapp-session';

/** What the Mini App's page posts: its initData as Telegram gave it, and the page it opens. */
export const miniAppSessionRequest = z.object({
  initData: z.string().max(8192),
  page: z.enum(miniAppPages),
});

/** initData and a page name: a few KB at most. */
const MAX_BODY_BYTES = 10 * 1024;

/** The one place a Mini App refusal becomes an HTTP status. */
const refusalStatus: Record<MiniAppRefusal, number> = {
  off: 404,
  malformed: 400,
  signature: 401,
  stale: 401,
  unknown_account: 404,
  no_team: 422,
  not_team_admin: 403,
};

const noStore = { 'Cache-Control': 'no-store' };

/**
 * `POST /api/miniapp/session`: the Mini App's page trades its initData for a session it keeps in
 * memory and sends back as `Authorization: Bearer …` (lib/server/session/request-session.ts). No
 * cookie is set: inside Telegram Web the page is a cross-site frame, where none would come back.
 */
export async function exchangeInitData(request: NextRequest): Promise<Response> {
  const locale = requestLocale(request);
  try {
    if (!isSameOrigin(request)) return await apiError('forbidden', locale);
    const parsed = await parsedJsonBody(request, { schema: miniAppSessionRequest, maxBytes: MAX_BODY_BYTES });
    if (!parsed.ok) return await apiError(parsed.code, locale);
    const body = parsed.body;
    // Per client address, with the links' bucket: guessing at initData gets a 429 long before it gets far.
    const wait = await rateLimit([['linkPerIp', clientIp(request)]]);
    if (wait) return await apiError('rate_limited', locale, { retryAfterSeconds: wait });
    const opened = await openMiniAppSession(body.initData, body.page);
    if (!opened.ok) {
      requestLog(request).warn({ page: body.page, code: opened.code, cause: opened.cause }, 'mini app refused');
      const message = (await miniAppRefusalTranslator(locale))(opened.code);
      return NextResponse.json(
        { error: { code: opened.code, message } },
        { status: refusalStatus[opened.code], headers: noStore },
      );
    }
    return NextResponse.json({ token: opened.token, expiresAt: opened.expiresAt }, { headers: noStore });
  } catch (error) {
    if (isUnavailable(error)) {
      requestLog(request).warn({ err: error }, 'mini app: a dependency is unavailable');
      return apiError('service_unavailable', locale, { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
    }
    requestLog(request).error({ err: error }, 'mini app session failed');
    return apiError('server_error', locale);
  }
}
