import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { clientMessages, miniAppClientNamespaces, teamClientNamespaces } from '@/lib/i18n/client-messages';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';
import { MiniApp } from '@/components/miniapp/mini-app';
import { MiniAppTeam } from '@/components/miniapp/mini-app-team';
import { MiniAppLaunchScript } from '@/components/miniapp/launch-script';

export async function generateMetadata({ params }: PageProps<'/[locale]/telegramTeam'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'telegramTeam');
}

/**
 * /team as a Telegram Mini App (docs/miniapp.md): prerendered per locale; the team's data comes after
 * the page has traded Telegram's initData for an admin's session it keeps in memory.
 */
export default async function TelegramTeamPage({ params }: PageProps<'/[locale]/telegramTeam'>) {
  const locale = (await params).locale as Locale;
  return (
    <>
      <MiniAppLaunchScript page="team" locale={locale} />
      <NextIntlClientProvider
        messages={await clientMessages([...teamClientNamespaces, 'Plans', ...miniAppClientNamespaces])}
      >
        <MiniApp page="team">
          <MiniAppTeam />
        </MiniApp>
      </NextIntlClientProvider>
    </>
  );
}
