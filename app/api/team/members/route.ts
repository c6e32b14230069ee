import { NextResponse } from 'next/server';
import { memberListQuery } from '@/lib/shared/team';
import { addMemberRequest } from '@/lib/server/team/requests';
import { addMember, listMembers, memberView } from '@/lib/server/team/team-admin';
import { apiError } from '@/lib/server/http/api-error';
import { readJsonBody } from '@/lib/server/http/guards';
import { sessionRoute } from '@/lib/server/http/session-route';
import { teamRoute } from '@/lib/server/team/team-route';
import { otherMethods } from '@/lib/server/http/methods';

/** `{platform, username}` is a few dozen bytes. */
const MAX_BODY_BYTES = 1024;

// GET /api/team/members?q=&page= — one page of the session's team, for its admin.
export const GET = sessionRoute(teamRoute, async ({ request, subject, locale }) => {
  const result = await listMembers(subject, memberListQuery(Object.fromEntries(request.nextUrl.searchParams)));
  if (!result.ok) return apiError(result.code, locale);
  const { members, ...paging } = result.value;
  return NextResponse.json(
    { members: members.map(memberView), ...paging },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});

// POST /api/team/members — {platform, username} → the new member; 409 beyond the paid seats.
export const POST = sessionRoute(teamRoute, async ({ request, subject, locale }) => {
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return apiError(body.code, locale);
  const member = addMemberRequest.safeParse(body.value);
  if (!member.success) return apiError('invalid_username', locale);
  const result = await addMember(subject, member.data, new Date());
  if (!result.ok) return apiError(result.code, locale);
  return NextResponse.json(
    { member: memberView(result.value) },
    { status: 201, headers: { 'Cache-Control': 'no-store' } },
  );
});

export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
