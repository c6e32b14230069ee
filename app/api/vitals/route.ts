import { recordWebVitals } from '@/lib/server/vitals/web-vitals';
import { otherMethods } from '@/lib/server/http/methods';

export const dynamic = 'force-dynamic';

/** Sampled real users' Web Vitals (components/layout/web-vitals.tsx): aggregated, never stored per visitor. */
export async function POST(request: Request) {
  const { status } = await recordWebVitals(request);
  return new Response(null, { status, headers: { 'Cache-Control': 'no-store' } });
}

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
