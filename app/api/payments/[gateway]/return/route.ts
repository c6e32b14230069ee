import { returnRoute } from '@/lib/server/payments/routes';

// The browser back from a gateway → the locale's /pay?status=… of the stored order.
export const GET = returnRoute;
