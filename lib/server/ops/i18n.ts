import 'server-only';
import Negotiator from 'negotiator';
import type { OpsLocale, OpsTranslate } from '@/lib/shared/ops-console';
import en from './messages/en.json';
import vi from './messages/vi.json';

/**
 * The console's words, in English and Vietnamese. They live beside the console, not in
 * messages/*.json: every locale of the site must carry every key there (tests/i18n/messages.test.ts),
 * and the operators' console speaks two languages, not the payers' fourteen. The console renders
 * on the server only, so its messages never reach a browser's bundle; tests/i18n/ops-messages.test.ts
 * holds both files to the same keys and placeholders. Placeholders are `{name}`, nothing more.
 */
export const opsLocales = ['en', 'vi'] as const satisfies readonly OpsLocale[];
export type { OpsLocale, OpsTranslate };
export const OPS_LOCALE_COOKIE = 'quorum-ops-lang';

type Tree = { [key: string]: string | Tree };
const catalogues: Record<OpsLocale, Tree> = { en, vi };

/** The operator's choice (the console's language switch), else what the browser prefers, else English. */
export function opsLocale(cookie: string | undefined, acceptLanguage: string | null): OpsLocale {
  if (cookie === 'en' || cookie === 'vi') return cookie;
  const preferred = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? '' } }).language([...opsLocales]);
  return preferred === 'vi' ? 'vi' : 'en';
}

/** `t('orders.title')`; a key missing in Vietnamese falls back to English, a key missing in both is shown as itself. */
export function opsTranslator(locale: OpsLocale): OpsTranslate {
  const lookup = (tree: Tree, key: string): string | undefined => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  return (key, values = {}) => {
    const message = lookup(catalogues[locale], key) ?? lookup(catalogues.en, key) ?? key;
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}
