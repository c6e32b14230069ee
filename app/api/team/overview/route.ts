import { NextResponse } from 'next/server';
import { apiError } from '@/lib/server/http/api-error';
import { otherMethods } from '@/lib/server/http/methods';
import { sessionRoute } from '@/lib/server/http/session-route';
import { teamOverviewOf } from '@/lib/server/team/team-admin';
import { teamRoute } from '@/lib/server/team/team-route';

// GET /api/team/overview — the session's team: its plan and seats, for its admin (the Mini App's team page).
export const GET = sessionRoute(teamRoute, async ({ subject, locale }) => {
  const result = await teamOverviewOf(subject);
  if (!result.ok) return apiError(result.code, locale);
  return NextResponse.json({ team: result.value }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
