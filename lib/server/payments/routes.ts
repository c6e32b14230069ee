import 'server-only';
import type { NextRequest } from 'next/server';
import { env } from '@/lib/server/env';
import { isSameOrigin, readCappedBody } from '@/lib/server/request/guards';
import type { CallbackInput, GatewayReply } from './gateway';
import { metrics } from '@/lib/server/observability/metrics';
import { receiveCallback } from './callbacks';
import { findGateway } from './registry';
import { resultPathForReturn } from './return-result';

/**
 * The generic gateway endpoints under /api/payments/<id>/ (app/api/payments/[gateway]/…): each
 * resolves the gateway from the registry and hands it the request as received.
 */
export interface GatewayRouteContext {
  params: Promise<{ gateway: string; path?: string[] }>;
}

/** Callbacks are small; anything past this is not one, and is refused as soon as it passes it. */
const MAX_CALLBACK_BYTES = 64 * 1024;
const noStore = { 'Cache-Control': 'no-store' };
const notFound = () => new Response('Not found', { status: 404, headers: noStore });

async function rawBody(request: NextRequest): Promise<string | null> {
  const read = await readCappedBody(request, MAX_CALLBACK_BYTES);
  return read.ok ? read.text : null;
}

async function callbackInput(request: NextRequest): Promise<CallbackInput | null> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await rawBody(request);
  if (body === null) return null;
  return { method: request.method, url: new URL(request.url), headers: request.headers, rawBody: body };
}

const reply = ({ status, json }: GatewayReply) =>
  json === undefined
    ? new Response(null, { status, headers: noStore })
    : Response.json(json, { status, headers: noStore });

/** A gateway's server-to-server notification (VNPay GET, MoMo POST…). */
export async function callbackRoute(request: NextRequest, context: GatewayRouteContext): Promise<Response> {
  const gateway = findGateway((await context.params).gateway);
  if (!gateway) return notFound();
  const input = await callbackInput(request);
  if (!input) {
    if (!gateway.handleCallback) return new Response('Payload too large', { status: 413, headers: noStore });
    metrics().callbacks.inc({ gateway: gateway.id, outcome: gateway.tooLarge.outcome });
    return reply(gateway.tooLarge);
  }
  return reply(await receiveCallback(gateway, input));
}

/**
 * The browser back from a gateway: 303 to the stored outcome at /pay?status=… on SITE_URL — the
 * request's own URL names the address `next start` listens on, not the site the payer uses.
 */
export async function returnRoute(request: NextRequest, context: GatewayRouteContext): Promise<Response> {
  const gateway = findGateway((await context.params).gateway);
  const input = (await callbackInput(request)) ?? {
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    rawBody: '',
  };
  const target = await resultPathForReturn(gateway, input);
  const location = `${env().SITE_URL}${target.pathname}${target.search}`;
  return new Response(null, { status: 303, headers: { ...noStore, Location: location } });
}

/** A gateway's local stand-in (never in production: the gateway answers null, and this 404s). */
export async function sandboxRoute(request: NextRequest, context: GatewayRouteContext): Promise<Response> {
  const { gateway: id, path = [] } = await context.params;
  const gateway = findGateway(id);
  const body = request.method === 'GET' ? '' : await rawBody(request);
  if (!gateway || body === null) return notFound();
  const handled = gateway.sandbox(
    {
      method: request.method,
      url: new URL(request.url),
      path: path.join('/'),
      headers: request.headers,
      rawBody: body,
      sameOrigin: isSameOrigin(request),
    },
    (input) => receiveCallback(gateway, input),
  );
  return handled ?? notFound();
}
