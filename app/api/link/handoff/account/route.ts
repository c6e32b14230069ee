import { NextResponse, type NextRequest } from 'next/server';
import { linkProblemStatus } from '@/lib/server/http/error-status';
import { parsedJsonBody } from '@/lib/server/http/parsed-body';
import { otherMethods } from '@/lib/server/http/methods';
import { describeHandoff, handoffForm } from '@/lib/server/links/handoff-exchange';

// POST /api/link/handoff/account — {h, next}: whose page a handoff found in the address opens, before offering it.
export async function POST(request: NextRequest) {
  const form = await parsedJsonBody(request, { schema: handoffForm, maxBytes: 4 * 1024 });
  const described = form.ok
    ? await describeHandoff(request, form.body)
    : { ok: false as const, code: 'invalid' as const };
  const headers = { 'Cache-Control': 'no-store' };
  if (!described.ok)
    return NextResponse.json({ problem: described.code }, { status: linkProblemStatus[described.code], headers });
  return NextResponse.json({ account: described.account }, { headers });
}

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
