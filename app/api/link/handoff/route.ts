import type { NextRequest } from 'next/server';
import { readFormBody } from '@/lib/server/request/form-body';
import { otherMethods } from '@/lib/server/http/methods';
import { exchangeHandoff, handoffForm } from '@/lib/server/links/handoff-exchange';

/** A handoff and a path: a few KB at most. */
const MAX_BODY_BYTES = 8 * 1024;

// POST /api/link/handoff (form: h, next) — another browser continues a session with the handoff from its address.
export async function POST(request: NextRequest) {
  const body = await readFormBody(request, MAX_BODY_BYTES);
  const form = body && handoffForm.safeParse(body);
  return exchangeHandoff(request, form?.success ? form.data : null);
}

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
