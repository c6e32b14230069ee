import type { NextRequest } from 'next/server';
import { callbackRoute } from '@/lib/server/payments/routes';
import { otherMethods } from '@/lib/server/http/methods';
import { paypalGateway } from '@/lib/server/payments/paypal/gateway';

// POST /api/payments/paypal/webhook — the address registered with PayPal for its events: the generic
// callback route, for PayPal (verified on the raw body before anything else; ./webhook.ts).
export const POST = (request: NextRequest) =>
  callbackRoute(request, { params: Promise.resolve({ gateway: paypalGateway.id }) });

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
