import { blockRoute } from '@/lib/server/team/block-route';

// POST /api/team/members/{memberId}/block — cuts the member's access; 409 for the team's last admin.
export const POST = blockRoute(true);
