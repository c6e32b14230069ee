import { NextResponse } from 'next/server';
import { memberListQuery, type MemberListAnswer } from '@/lib/shared/team';
import { addMemberRequest } from '@/lib/server/team/requests';
import { addMember, listMembers, memberView, ownMemberId } from '@/lib/server/team/team-admin';
import { apiError } from '@/lib/server/http/api-error';
import { sessionRoute } from '@/lib/server/http/session-route';
import { teamRoute } from '@/lib/server/team/team-route';
import { otherMethods } from '@/lib/server/http/methods';

// GET /api/team/members?q=&page= — one page of the session's team, for its admin, with the admin's own
// row named (`selfId`): a page that reads the list through the API (the Mini App) offers no Block there.
export const GET = sessionRoute(teamRoute, async ({ request, subject, locale }) => {
  const result = await listMembers(subject, memberListQuery(Object.fromEntries(request.nextUrl.searchParams)));
  if (!result.ok) return apiError(result.code, locale);
  const { members, ...paging } = result.value;
  const answer: MemberListAnswer = {
    members: members.map(memberView),
    ...paging,
    selfId: ownMemberId(members, subject),
  };
  return NextResponse.json(answer, { headers: { 'Cache-Control': 'no-store' } });
});

// POST /api/team/members — {platform, username} → the new member; 409 beyond the paid seats.
export const POST = sessionRoute(
  // `{platform, username}` is a few dozen bytes.
  { ...teamRoute, body: { schema: addMemberRequest, maxBytes: 1024, invalid: 'invalid_username' } },
  async ({ subject, locale, body }) => {
    const result = await addMember(subject, body, new Date());
    if (!result.ok) return apiError(result.code, locale);
    return NextResponse.json(
      { member: memberView(result.value) },
      { status: 201, headers: { 'Cache-Control': 'no-store' } },
    );
  },
);

export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
