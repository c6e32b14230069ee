import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { site, platforms } from '@/lib/config/site';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';
import '@/components/landing/landing.css';

export async function generateMetadata({ params }: PageProps<'/[locale]/join'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'join');
}

const platformNames = { telegram: 'Telegram', slack: 'Slack', discord: 'Discord' } as const;

export default function JoinPage() {
  const t = useTranslations('JoinPage');
  return (
    <div className="join">
      <header className="join__header">
        <h1>{t('heading', { brand: site.name })}</h1>
        <p>{t('intro')}</p>
      </header>
      <ul className="join__platforms">
        {platforms.map((platform) => (
          <li key={platform} className="card">
            <h2>{platformNames[platform]}</h2>
            <h3>{t('privateTitle')}</h3>
            <p>{t('privateBody')}</p>
            <p>
              <a className="button button--primary" href={site.chats[platform].private} rel="noopener">
                {t('openPrivate', { platform: platformNames[platform] })}
              </a>
            </p>
            <h3>{t('groupTitle')}</h3>
            <p>{t('groupBody')}</p>
            <p>
              <a className="button" href={site.chats[platform].group} rel="noopener">
                {t('openGroup', { platform: platformNames[platform] })}
              </a>
            </p>
          </li>
        ))}
      </ul>
      <section className="join__section" aria-labelledby="add-heading">
        <h2 id="add-heading">{t('addHeading')}</h2>
        <ol className="join__steps">
          <li>{t('add1')}</li>
          <li>{t('add2')}</li>
          <li>{t('add3')}</li>
        </ol>
      </section>
      <section id="pay-link" className="join__section" aria-labelledby="pay-link-heading">
        <h2 id="pay-link-heading">{t('payLinkHeading')}</h2>
        <p>{t('payLinkBody')}</p>
      </section>
    </div>
  );
}
