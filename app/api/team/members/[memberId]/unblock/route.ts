import { blockRoute } from '@/lib/server/team/block-route';
import { otherMethods } from '@/lib/server/http/methods';

// POST /api/team/members/{memberId}/unblock — gives the member's access back (active, or invited).
export const POST = blockRoute(false);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
