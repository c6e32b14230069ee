import { sandboxRoute } from '@/lib/server/payments/routes';

// A gateway's local sandbox (outside production, without its credentials): its page and its API.
export const GET = sandboxRoute;
export const POST = sandboxRoute;
