/**
 * `npm run paylink -- --platform telegram --user 1001 [--team -1002001] [--aud team] [--locale vi]`
 * Prints a full pay (or team) link for a local account, signed like the assistant's.
 */
import { z } from 'zod';
import { platforms } from '@/lib/config/site';
import { locales } from '@/lib/i18n/locales';
import { linkUrl } from '@/lib/server/links';

const args = z.object({
  platform: z.enum(platforms as [string, ...string[]], { error: '--platform must be telegram, slack or discord' }),
  user: z.string({ error: '--user is required' }).min(1),
  team: z.string().min(1).optional(),
  aud: z.enum(['pay', 'team'], { error: '--aud must be pay or team' }).default('pay'),
  locale: z.enum(locales, { error: `--locale must be one of ${locales.join(', ')}` }).default('en'),
});

// Hand-parsed: team ids are negative numbers (`--team -1002001`), which node:util parseArgs refuses.
const values: Record<string, string> = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const name = argv[i]?.replace(/^--/, '');
  const value = argv[i + 1];
  if (!name || value === undefined || !(name in args.shape)) {
    console.error(
      `unexpected argument ${argv[i]}\nusage: npm run paylink -- --platform telegram --user 1001 [--team -1002001] [--aud team] [--locale vi]`,
    );
    process.exit(2);
  }
  values[name] = value;
}
const parsed = args.safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((issue) => issue.message).join('\n'));
  process.exit(2);
}
const { platform, user, team, aud, locale } = parsed.data;
void linkUrl({ plt: platform as (typeof platforms)[number], sub: user, team, aud }, locale).then((url) =>
  console.log(url),
);
