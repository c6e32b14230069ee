import 'server-only';
import { z } from 'zod';
import { platforms, type Platform } from '@/lib/config/site';
import { usernamePatterns, type AddMemberRequest } from '@/lib/shared/team';

/** The team API's request schemas, from the rules the page shares (lib/shared/team.ts). */
const platform = z.enum(platforms as [Platform, ...Platform[]]);

/** POST /api/team/members: `{platform, username}`; the username must be valid on that platform. */
export const addMemberRequest = z
  .object({
    platform,
    username: z
      .string()
      .trim()
      .max(81)
      .transform((name) => name.replace(/^@/, '')),
  })
  .refine((body) => usernamePatterns[body.platform].test(body.username), {
    path: ['username'],
  }) satisfies z.ZodType<AddMemberRequest>;

/** The {memberId} of /api/team/members/{memberId}/block: an opaque id, of a sane size and alphabet. */
export const memberId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);
