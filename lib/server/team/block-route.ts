import 'server-only';
import { NextResponse } from 'next/server';
import { memberId } from '@/lib/server/team/requests';
import { apiError } from '@/lib/server/http/api-error';
import { sessionRoute } from '@/lib/server/http/session-route';
import { memberView, setMemberBlocked } from './team-admin';
import { teamRoute } from './team-route';

/** POST /api/team/members/{memberId}/block and /unblock: one handler, the direction fixed per route. */
export function blockRoute(blocked: boolean) {
  return sessionRoute<{ params: Promise<{ memberId: string }> }>(teamRoute, async ({ subject, locale }, { params }) => {
    const id = memberId.safeParse((await params).memberId);
    if (!id.success) return apiError('member_not_found', locale);
    const result = await setMemberBlocked(subject, id.data, blocked);
    if (!result.ok) return apiError(result.code, locale);
    return NextResponse.json({ member: memberView(result.value) }, { headers: { 'Cache-Control': 'no-store' } });
  });
}
