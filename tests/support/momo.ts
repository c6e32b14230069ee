import { NextRequest } from 'next/server';
import type { Order } from '@/lib/server/ledger/types';
import { momoConfig } from '@/lib/server/payments/momo/config';
import { RESULT_FIELDS, sign } from '@/lib/server/payments/momo/signature';

export const momoSandbox = () => {
  const config = momoConfig();
  if (!config) throw new Error('the MoMo sandbox should be on in tests');
  return config;
};

/** The JSON body MoMo POSTs to the IPN for `order` (numbers as JSON numbers, as MoMo sends them). */
export function momoResultFields(
  order: Pick<Order, 'id' | 'amount'>,
  overrides: Record<string, string | number> = {},
  secretKey = momoSandbox().secretKey,
): Record<string, string | number> {
  const config = momoSandbox();
  const fields: Record<string, string | number> = {
    partnerCode: config.partnerCode,
    orderId: order.id,
    requestId: `${order.id}-0a1b2c3d4e5f`,
    amount: order.amount,
    orderInfo: `Quorum AI team_pro period1 ${order.id}`,
    orderType: 'momo_wallet',
    transId: 4_088_878_653,
    resultCode: 0,
    message: 'Successful.',
    payType: 'qr',
    responseTime: 1_763_800_000_000,
    extraData: '',
    ...overrides,
  };
  return { ...fields, signature: sign(RESULT_FIELDS, { ...fields, accessKey: config.accessKey }, secretKey) };
}

export const momoIpnRequest = (body: string) =>
  new NextRequest('http://localhost:3000/api/payments/momo/ipn', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

export const momoReturnRequest = (fields: Record<string, string | number>) =>
  new NextRequest(
    `http://localhost:3000/api/payments/momo/return?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}`,
  );
