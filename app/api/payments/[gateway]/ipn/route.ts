import { callbackRoute } from '@/lib/server/payments/routes';

// A gateway's server-to-server notification: VNPay sends a GET, MoMo a POST (PRODUCT §10).
export const GET = callbackRoute;
export const POST = callbackRoute;
