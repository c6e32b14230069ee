import { callbackRoute } from '@/lib/server/payments/routes';
import { otherMethods } from '@/lib/server/http/methods';

// A gateway's server-to-server notification: VNPay sends a GET, MoMo and PayPal a POST.
export const GET = callbackRoute;
export const POST = callbackRoute;

export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
