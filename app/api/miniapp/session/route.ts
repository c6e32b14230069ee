import type { NextRequest } from 'next/server';
import { readJsonBody } from '@/lib/server/http/guards';
import { otherMethods } from '@/lib/server/http/methods';
import { exchangeInitData, miniAppSessionRequest } from '@/lib/server/telegram/session-exchange';

/** initData and a page name: a few KB at most. */
const MAX_BODY_BYTES = 10 * 1024;

// POST /api/miniapp/session (JSON: initData, page) — the Mini App trades Telegram's initData for a session.
export async function POST(request: NextRequest) {
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  const parsed = body.ok ? miniAppSessionRequest.safeParse(body.value) : null;
  return exchangeInitData(request, parsed?.success ? parsed.data : null);
}

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
