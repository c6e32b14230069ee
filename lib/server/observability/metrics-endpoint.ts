import 'server-only';
import { timingSafeEqual, createHash } from 'node:crypto';
import { env } from '@/lib/server/env';
import { isLoopbackClient } from '@/lib/server/request/guards';
import { metrics } from './metrics';

/**
 * Metrics name internals (routes, error rates, queue depth): only a scraper on this machine
 * (the client address as lib/server/request/guards derives it, so X-Forwarded-For cannot fake
 * it) or one presenting METRICS_TOKEN may read them. Anyone else gets a plain 404.
 */
export async function metricsResponse(request: Request): Promise<Response> {
  if (!allowed(request)) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
  });
}

function allowed(request: Request): boolean {
  const token = env().METRICS_TOKEN;
  const presented = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (token && presented) {
    // Hashes have equal length, so the comparison takes the same time whatever was sent.
    const digest = (s: string) => createHash('sha256').update(s).digest();
    return timingSafeEqual(digest(presented), digest(token));
  }
  return isLoopbackClient(request);
}
