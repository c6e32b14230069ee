import { NextResponse } from 'next/server';
import { sessionRoute } from '@/lib/server/http/session-route';
import { otherMethods } from '@/lib/server/http/methods';
import { listRenewals } from '@/lib/server/payments/renewals';
import type { RenewalList } from '@/lib/shared/renewals';

// GET /api/pay/renewals — the pay session's automatic renewals (PayPal subscriptions) and their next charge.
export const GET = sessionRoute({ audience: 'pay' }, async ({ subject }) => {
  const list: RenewalList = {
    renewals: await listRenewals({ platform: subject.platform, userId: subject.userId }, new Date()),
  };
  return NextResponse.json(list, { headers: { 'Cache-Control': 'private, no-store' } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
