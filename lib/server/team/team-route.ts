import 'server-only';
import type { Subject } from '@/lib/server/directory';
import type { RateLimitBucket } from '@/lib/server/http/rate-limit';

/** The team API's session: a team link's, rate-limited per session and per client address. */
export const teamRoute = {
  audience: 'team' as const,
  rateLimits: (subject: Subject, ip: string): Array<[RateLimitBucket, string]> => [
    ['teamPerSession', `${subject.platform}:${subject.userId}:${subject.teamId ?? ''}`],
    ['teamPerIp', ip],
  ],
};
