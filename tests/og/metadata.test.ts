import { createTranslator } from 'next-intl';
import { pageMetadata } from '@/lib/server/seo';
import { localeMessages } from '@/lib/i18n/messages';
import { OG_IMAGE_SIZE } from '@/lib/config/og-cards';
import { site } from '@/lib/config/site';
import type { Locale } from '@/lib/i18n/locales';
import { useEnv } from '../support/env';

// getTranslations needs the Next plugin's request config; here it reads the same messages directly.
jest.mock('next-intl/server', () => ({
  getTranslations: async ({ locale, namespace }: { locale: Locale; namespace?: string }) =>
    createTranslator({ locale, messages: await localeMessages(locale), namespace: namespace as never }),
}));

type Image = { url: string; width: number; height: number; alt: string; type: string };

describe('pageMetadata: the preview card of every page', () => {
  useEnv({ SITE_URL: 'https://quorum.example' });

  it.each([
    ['en', 'home', 'https://quorum.example/og/en-site.png', `${site.name} — the AI assistant for your group chats`],
    ['en', 'terms', 'https://quorum.example/og/en-site.png', `${site.name} — the AI assistant for your group chats`],
    ['en', 'pay', 'https://quorum.example/og/en-pay.png', `Your ${site.name} payment link`],
    ['en', 'team', 'https://quorum.example/og/en-team.png', `Manage your ${site.name} team`],
    ['ja', 'join', 'https://quorum.example/og/ja-site.png', `${site.name} — グループチャットのための AI アシスタント`],
    ['ja', 'pay', 'https://quorum.example/og/ja-pay.png', `${site.name} のお支払いリンク`],
    ['ur', 'team', 'https://quorum.example/og/ur-team.png', `اپنی ${site.name} ٹیم کا انتظام کریں`],
  ] as const)('%s %s: og:image %s, 1200×630, summary_large_image', async (locale, page, url, alt) => {
    const metadata = await pageMetadata(locale, page);
    const og = metadata.openGraph as { images: Image[]; title: string; description: string };
    const twitter = metadata.twitter as { card: string; title: string; description: string; images: Image[] };
    const expected = { url, ...OG_IMAGE_SIZE, alt, type: 'image/png' };
    expect(og.images).toEqual([expected]);
    expect(new URL(og.images[0]!.url).origin).toBe('https://quorum.example');
    expect(twitter).toEqual({
      card: 'summary_large_image',
      title: og.title,
      description: og.description,
      images: [expected],
    });
    expect(twitter.title).not.toMatch(/[{}]|undefined/);
  });
});
