import 'server-only';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { ledgerSql } from '@/lib/server/db';
import { claimLink, moveLinkHolder } from '@/lib/server/ledger/link-claims';
import { clientIp, isSameOrigin } from '@/lib/server/http/guards';
import { rateLimit } from '@/lib/server/http/rate-limit';
import { statusPage } from '@/lib/server/http/status-page';
import { requestLog } from '@/lib/server/observability/log';
import { newHolder, readHandoff } from '@/lib/server/session/handoff';
import { UNAVAILABLE_RETRY_SECONDS } from '@/lib/server/unavailable';
import { linkTarget, openedIn, seeOther } from './link-exchange';

/** What the other browser's "continue here" posts: the handoff from the address's fragment, and its page. */
export const handoffForm = z.object({ h: z.string().max(2048), next: z.string().max(512) });
export type HandoffForm = z.infer<typeof handoffForm>;

/**
 * `POST /api/link/handoff`, on the person's tap in the other browser: takes a handoff once,
 * moves the link to this browser (the older browser's session ends on its next request) and opens
 * the page here, with a new handoff of its own. Refusals keep any session this browser holds.
 */
export async function exchangeHandoff(request: NextRequest, form: HandoffForm | null): Promise<Response> {
  const target = form && linkTarget(form.next);
  if (!form || !target) return seeOther('/pay', 'invalid');
  if (!isSameOrigin(request)) return seeOther(target.path, 'invalid');
  const { locale } = target;
  const wait = await rateLimit([['linkPerIp', clientIp(request)]]);
  if (wait) return statusPage(locale, 'rate_limited', 429, { retryAfter: wait });

  const now = new Date();
  const handoff = readHandoff(form.h, target.audience, now);
  const refuse = (problem: 'invalid' | 'expired' | 'replayed', cause: string) => {
    requestLog(request).warn({ audience: target.audience, reason: problem, cause }, 'handoff refused');
    return seeOther(target.path, problem);
  };
  if (handoff === 'expired') return refuse('expired', 'expired');
  if (!handoff) return refuse('invalid', 'malformed_or_forged');
  const holder = newHolder();
  try {
    const sql = await ledgerSql();
    if (!(await claimLink(sql, `handoff:${handoff.id}`, handoff.expiresAt, now))) return refuse('replayed', 'used');
    if (!(await moveLinkHolder(sql, handoff.claims.jti, holder))) return refuse('expired', 'link_claim_gone');
  } catch (error) {
    requestLog(request).error({ err: error }, 'could not record a handoff');
    return statusPage(locale, 'unavailable', 503, { retryAfter: UNAVAILABLE_RETRY_SECONDS });
  }
  return openedIn(target, handoff.claims, holder);
}
