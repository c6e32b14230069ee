import type { Locale } from '@/lib/i18n/locales';
import type { PageKey } from '@/lib/config/pages';

/**
 * The link preview cards (Open Graph / Twitter summary_large_image images) that chat apps show
 * when a link is posted: `site` for every public page, `pay` for the personal payment link, `team`
 * for the team admin link. One PNG per locale and card in public/og, drawn by `npm run og-images`
 * (scripts/og/render.mjs) and committed. The same for everyone: no name, plan or team on them.
 */
export type OgCard = 'site' | 'pay' | 'team';

export const ogCards = ['site', 'pay', 'team'] as const satisfies readonly OgCard[];

/** The size every card is drawn at (1.91:1, what Open Graph and summary_large_image expect). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Site-relative path of a card's image in a locale, e.g. `/og/ja-pay.png` (the locale code, not its URL prefix). */
export function ogImagePath(locale: Locale, card: OgCard): string {
  return `/og/${locale}-${card}.png`;
}

/** The card a page's links unfurl with. */
export function ogCardFor(page: PageKey): OgCard {
  return page === 'pay' || page === 'team' ? page : 'site';
}
