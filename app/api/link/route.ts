import type { NextRequest } from 'next/server';
import { readFormBody } from '@/lib/server/request/form-body';
import { otherMethods } from '@/lib/server/http/methods';
import { exchangeLink, linkExchangeForm } from '@/lib/server/links/link-exchange';

/** A token and a path: a few KB at most. */
const MAX_BODY_BYTES = 8 * 1024;

// POST /api/link (form: t, next) — the opening page trades a pay or team link for a session.
export async function POST(request: NextRequest) {
  const body = await readFormBody(request, MAX_BODY_BYTES);
  const form = body && linkExchangeForm.safeParse(body);
  return exchangeLink(request, form?.success ? form.data : null);
}

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
