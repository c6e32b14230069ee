import 'server-only';
import { log } from '@/lib/server/observability/log';
import { metrics } from '@/lib/server/observability/metrics';
import { isUnavailable } from '@/lib/server/unavailable';

/**
 * The team page's reads failed as "unavailable" while it rendered (a client-router refresh, or a
 * failure after the proxy's own reads): the page shows its "briefly unavailable" view, which goes
 * out with a 200 a monitor counting 5xx misses, so it is counted (quorum_team_page_unavailable_total)
 * for an alert to use. Any other failure is a bug and is thrown on.
 */
export function teamPageUnavailable(error: unknown): null {
  if (!isUnavailable(error)) throw error;
  log().warn({ err: error }, 'team page: a dependency is unavailable');
  metrics().teamPageUnavailable.inc();
  return null;
}
