import { blockRoute } from '@/lib/server/team/block-route';
import { otherMethods } from '@/lib/server/http/methods';

// POST /api/team/members/{memberId}/block — cuts the member's access; 409 for the team's last admin.
export const POST = blockRoute(true);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
