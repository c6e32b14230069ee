import type { MemberView } from '@/lib/shared/team';

/** One member as the team page receives it: an active Telegram member, with `overrides`. */
export const memberView = (overrides: Partial<MemberView>): MemberView => ({
  memberId: 'm1',
  platform: 'telegram',
  username: 'someone',
  fullName: 'Some One',
  role: 'member',
  status: 'active',
  joinedAt: '2026-10-01T00:00:00.000Z',
  ...overrides,
});
