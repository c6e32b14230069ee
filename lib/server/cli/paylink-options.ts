import 'server-only';
import { z } from 'zod';
import { platforms } from '@/lib/config/site';
import { isLocale, localeFromPrefix, localeTable, type Locale } from '@/lib/i18n/locales';
import {
  CLOCK_TOLERANCE_SECONDS,
  DEFAULT_LINK_LIFETIME_SECONDS,
  MAX_LINK_LIFETIME_SECONDS,
  type LinkClaims,
} from '@/lib/server/session/paylink';

// Each language as a reader may type it: its code, and its URL prefix when that differs (`ja` or `jp`).
const localeNames = localeTable.map(({ code, prefix }) => (prefix === code ? code : `${code} (or ${prefix})`));

export const paylinkUsage = `usage: npm run paylink -- --platform <platform> --user <id> [options]

Prints a pay (or team) link for a local account, signed as the assistant signs it.

  --platform <name>   ${platforms.join(', ')} (required)
  --user <id>         the account's id on that platform, e.g. 1001 (required)
  --team <id>         the chat the command was typed in, e.g. -1002001
  --aud <page>        pay (default) or team
  --locale <lang>     the language code or its URL prefix (default en):
                      ${localeNames.join(', ')}
  --ttl <seconds>     how long the link stays valid (default ${DEFAULT_LINK_LIFETIME_SECONDS}, at most ${MAX_LINK_LIFETIME_SECONDS});
                      negative for a link that has already expired (${-CLOCK_TOLERANCE_SECONDS - 1} or less, since
                      the site forgives ${CLOCK_TOLERANCE_SECONDS} s of clock skew)
  --help              this text

example: npm run paylink -- --platform telegram --user 1002 --team -1002001 --locale jp --ttl 600`;

/** A language code or its URL prefix, as the code. */
function localeOf(value: string): Locale | undefined {
  return isLocale(value) ? value : localeFromPrefix(value);
}

const ttl = z
  .string()
  .regex(/^-?\d+$/, '--ttl must be a whole number of seconds')
  .transform(Number)
  .refine((seconds) => seconds <= MAX_LINK_LIFETIME_SECONDS, {
    message: `--ttl must be at most ${MAX_LINK_LIFETIME_SECONDS} (a week): the site refuses longer-lived links`,
  })
  // A link that expired within the clock tolerance still opens, so "expired" would be a lie; zero
  // or a few seconds either side of it is neither a usable link nor an expired one.
  .refine((seconds) => seconds > 0 || seconds < -CLOCK_TOLERANCE_SECONDS, {
    message: `--ttl must be positive, or ${-CLOCK_TOLERANCE_SECONDS - 1} or less for an expired link (the site forgives ${CLOCK_TOLERANCE_SECONDS} s of clock skew)`,
  });

const schema = z.object({
  platform: z.enum(platforms as [string, ...string[]], {
    error: `--platform must be one of ${platforms.join(', ')}`,
  }),
  user: z.string({ error: '--user is required' }).min(1),
  team: z.string().min(1).optional(),
  aud: z.enum(['pay', 'team'], { error: '--aud must be pay or team' }).default('pay'),
  locale: z
    .string()
    .default('en')
    .transform((value, context) => {
      const locale = localeOf(value);
      if (!locale) {
        context.addIssue({ code: 'custom', message: `--locale must be one of ${localeNames.join(', ')}` });
        return z.NEVER;
      }
      return locale;
    }),
  ttl: ttl.optional(),
});

export interface PaylinkOptions {
  claims: Omit<LinkClaims, 'jti'>;
  locale: Locale;
  lifetimeSeconds: number;
}

export type PaylinkCommand = { help: true } | { error: string } | { options: PaylinkOptions };

/**
 * Reads the CLI's arguments. Hand-parsed: team ids and expired lifetimes are negative numbers
 * (`--team -1002001`, `--ttl -3600`), which node:util parseArgs takes for options.
 */
export function parsePaylinkArgs(argv: readonly string[]): PaylinkCommand {
  if (argv.includes('--help') || argv.includes('-h')) return { help: true };
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i]!;
    const name = flag.replace(/^--/, '');
    const value = argv[i + 1];
    if (!flag.startsWith('--') || !(name in schema.shape)) return { error: `unknown argument ${flag}` };
    if (value === undefined) return { error: `${flag} needs a value` };
    values[name] = value;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) return { error: parsed.error.issues.map((issue) => issue.message).join('\n') };
  const { platform, user, team, aud, locale, ttl: lifetimeSeconds } = parsed.data;
  return {
    options: {
      claims: { plt: platform as (typeof platforms)[number], sub: user, team, aud },
      locale,
      lifetimeSeconds: lifetimeSeconds ?? DEFAULT_LINK_LIFETIME_SECONDS,
    },
  };
}
