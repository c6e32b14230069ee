import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { prepareDestination } from 'next/dist/shared/lib/router/utils/prepare-destination';

interface Route {
  source: string;
  destination: string;
  permanent?: boolean;
}

/**
 * Where the first of `routes` (next.config.mjs's redirects or `beforeFiles` rewrites) that matches
 * `pathname` sends it, by Next's own matcher and destination builder; null when none matches.
 */
export function routeOf(
  routes: readonly Route[],
  pathname: string,
): { destination: string; permanent?: boolean } | null {
  for (const route of routes) {
    const params = getPathMatch(route.source, { removeUnnamedParams: true, strict: true })(pathname);
    if (!params) continue;
    const { parsedDestination } = prepareDestination({
      appendParamsToQuery: false,
      destination: route.destination,
      params,
      query: {},
    });
    return { destination: parsedDestination.pathname ?? '', permanent: route.permanent };
  }
  return null;
}

interface NextConfigRoutes {
  redirects(): Promise<Route[]>;
  rewrites(): Promise<{ beforeFiles: Route[] }>;
}

/** The redirects and `beforeFiles` rewrites next.config.mjs declares (read as Next reads them). */
export async function nextConfigRoutes(): Promise<{ redirects: Route[]; rewrites: Route[] }> {
  const { default: config } = (await import('@/next.config.mjs')) as { default: NextConfigRoutes };
  return { redirects: await config.redirects(), rewrites: (await config.rewrites()).beforeFiles };
}
