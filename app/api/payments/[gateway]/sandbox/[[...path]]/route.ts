import { sandboxRoute } from '@/lib/server/payments/routes';
import { otherMethods } from '@/lib/server/http/methods';

// A gateway's local sandbox (outside production, without its credentials): its page and its API.
export const GET = sandboxRoute;
export const POST = sandboxRoute;

export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);
