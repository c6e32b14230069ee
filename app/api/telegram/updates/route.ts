import type { NextRequest } from 'next/server';
import { callbackRoute } from '@/lib/server/payments/routes';
import { miniAppGateway } from '@/lib/server/payments/registry';
import { otherMethods } from '@/lib/server/http/methods';

/**
 * The bot's payment updates as the assistant's backend forwards them (docs/chat-backend.openapi.yaml,
 * webhook `telegramPaymentUpdate`): the callback of the gateway offered inside the Mini App, which
 * verifies the backend's signature over this path.
 */
export async function POST(request: NextRequest): Promise<Response> {
  const gateway = miniAppGateway();
  if (!gateway) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return callbackRoute(request, { params: Promise.resolve({ gateway: gateway.id }) });
}

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
