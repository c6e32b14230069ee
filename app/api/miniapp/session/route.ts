import type { NextRequest } from 'next/server';
import { otherMethods } from '@/lib/server/http/methods';
import { exchangeInitData } from '@/lib/server/telegram/session-exchange';

// POST /api/miniapp/session (JSON: initData, page) — the Mini App trades Telegram's initData for a session.
export async function POST(request: NextRequest) {
  return exchangeInitData(request);
}

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
