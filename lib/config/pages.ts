/**
 * Every page of the site, by its unprefixed path. The sitemap, robots rules,
 * footer links and metadata derive from this list. Paths keep the exact spelling of the
 * original site (camelCase included).
 */
export const pages = {
  home: { path: '/', indexable: true },
  join: { path: '/join', indexable: true },
  pay: { path: '/pay', indexable: false },
  team: { path: '/team', indexable: false },
  // The pay and team pages as a Telegram Mini App (docs/miniapp.md): the only pages Telegram's web
  // clients may frame.
  telegramPay: { path: '/telegramPay', indexable: false },
  telegramTeam: { path: '/telegramTeam', indexable: false },
  terms: { path: '/terms', indexable: true },
  privacy: { path: '/privacy', indexable: true },
  paymentPolicy: { path: '/paymentPolicy', indexable: true },
  warrantyPolicy: { path: '/warrantyPolicy', indexable: true },
  otherPolicies: { path: '/otherPolicies', indexable: true },
} as const;

export type PageKey = keyof typeof pages;

/**
 * The pages a person pays or manages a team on: a focused page, as payers expect of a checkout —
 * the header keeps the brand and the language, not the landing's navigation and "Sign up".
 */
export const focusedPages: ReadonlySet<string> = new Set([pages.pay.path, pages.team.path]);

/** The Mini App's pages: inside Telegram, without the site's header and footer (Telegram's window frames them). */
export const miniAppPages: ReadonlySet<string> = new Set([pages.telegramPay.path, pages.telegramTeam.path]);

export const policyPages = [
  'terms',
  'privacy',
  'paymentPolicy',
  'warrantyPolicy',
  'otherPolicies',
] as const satisfies readonly PageKey[];
export type PolicyPageKey = (typeof policyPages)[number];

/** The landing page's sections, in page order; navigation anchors point at these ids. */
export const landingSections = ['about', 'features', 'how-it-works', 'pricing', 'testimonials', 'download'] as const;
