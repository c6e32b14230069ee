import { getMessages } from 'next-intl/server';

type Messages = Awaited<ReturnType<typeof getMessages>>;
type Namespace = keyof Messages;

/**
 * Only the namespaces client components read are serialised into the page: handing the provider
 * every message would ship all 14 pages' texts (policies included) inside every HTML response.
 */
export async function clientMessages<N extends Namespace>(namespaces: readonly N[]): Promise<Pick<Messages, N>> {
  const all = await getMessages();
  return Object.fromEntries(namespaces.map((ns) => [ns, all[ns]])) as Pick<Messages, N>;
}

/** What the shared layout's client leaves use (switcher, back-to-top, offline banner, error view). */
export const layoutClientNamespaces = ['LanguageSwitcher', 'BackToTop', 'OfflineBanner', 'Error'] as const;
/** What the pay page's client leaves use. */
export const payClientNamespaces = ['PayPage', 'Plans', 'LinkErrors', 'LinkHandoff'] as const;
/** What the team page's client leaves use. */
export const teamClientNamespaces = ['TeamPage', 'LinkHandoff'] as const;
/** What a refused team page's client leaf uses (continuing in this browser with a handoff). */
export const teamRefusalClientNamespaces = ['LinkHandoff'] as const;
/** What the Mini App's shell uses around the pay or team page (opening, refusals). */
export const miniAppClientNamespaces = ['MiniApp'] as const;
