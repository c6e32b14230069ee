import { NextResponse, type NextRequest } from 'next/server';
import { linkProblemStatus } from '@/lib/server/http/error-status';
import { readJsonBody } from '@/lib/server/http/guards';
import { otherMethods } from '@/lib/server/http/methods';
import { describeHandoff, handoffForm } from '@/lib/server/links/handoff-exchange';

const MAX_BODY_BYTES = 4 * 1024;

// POST /api/link/handoff/account — {h, next}: whose page a handoff found in the address opens, before offering it.
export async function POST(request: NextRequest) {
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  const form = body.ok ? handoffForm.safeParse(body.value) : null;
  const described = form?.success
    ? await describeHandoff(request, form.data)
    : { ok: false as const, code: 'invalid' as const };
  const headers = { 'Cache-Control': 'no-store' };
  if (!described.ok)
    return NextResponse.json({ problem: described.code }, { status: linkProblemStatus[described.code], headers });
  return NextResponse.json({ account: described.account }, { headers });
}

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
