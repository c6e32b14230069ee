/**
 * `npm run paylink -- --platform telegram --user 1001 [--team -1002001] [--aud team] [--locale jp] [--ttl 600]`
 * Prints a full pay (or team) link for a local account, signed like the assistant's; `--help` lists
 * the options (lib/server/cli/paylink-options.ts).
 */
import { linkUrl } from '@/lib/server/links/link-url';
import { parsePaylinkArgs, paylinkUsage } from './paylink-options';

const command = parsePaylinkArgs(process.argv.slice(2));
if ('help' in command) {
  console.log(paylinkUsage);
} else if ('error' in command) {
  console.error(`${command.error}\n(npm run paylink -- --help lists the options)`);
  process.exitCode = 2;
} else {
  const { claims, locale, lifetimeSeconds } = command.options;
  void linkUrl(claims, locale, { lifetimeSeconds }).then((url) => console.log(url));
}
