import { type NextRequest } from 'next/server';
import { metricsResponse } from '@/lib/server/observability/metrics-endpoint';
import { otherMethods } from '@/lib/server/http/methods';

export const dynamic = 'force-dynamic';

/** Prometheus scrape: from this machine, or with `Authorization: Bearer $METRICS_TOKEN`. */
export async function GET(request: NextRequest) {
  return metricsResponse(request);
}

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
