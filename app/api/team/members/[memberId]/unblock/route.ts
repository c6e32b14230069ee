import { blockRoute } from '@/lib/server/team/block-route';

// POST /api/team/members/{memberId}/unblock — gives the member's access back (active, or invited).
export const POST = blockRoute(false);
