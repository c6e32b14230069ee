import { returnRoute } from '@/lib/server/payments/routes';
import { otherMethods } from '@/lib/server/http/methods';

// The browser back from a gateway → the locale's /pay?status=… of the stored order.
export const GET = returnRoute;

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
