import type { NextRequest } from 'next/server';
import { sandboxRoute } from '@/lib/server/payments/routes';
import { otherMethods } from '@/lib/server/http/methods';
import { paypalGateway } from '@/lib/server/payments/paypal/gateway';

// PayPal's own folder here (confirm, webhook) shadows app/api/payments/[gateway]/ for PayPal, so
// its sandbox is routed the generic way from here: the tester console, the stand-in JS SDK, the API.
const route = (request: NextRequest, { params }: { params: Promise<{ path?: string[] }> }) =>
  sandboxRoute(request, { params: params.then(({ path }) => ({ gateway: paypalGateway.id, path })) });

export const GET = route;
export const POST = route;

export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
