import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { site } from '@/lib/config/site';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { pages, policyPages } from '@/lib/config/pages';

export function SiteFooter() {
  const t = useTranslations('Footer');
  const policy = useTranslations('PolicyLinks');
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__brand">{site.name}</p>
          <p>{t('tagline')}</p>
        </div>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('contactHeading')}</h2>
          <address>
            <p>
              {t.rich('email', {
                email: site.supportEmail,
                link: (chunks) => (
                  <a href={`mailto:${site.supportEmail}`}>
                    <bdi dir="ltr">{chunks}</bdi>
                  </a>
                ),
              })}
            </p>
            <p>
              {t.rich('phone', {
                // A phone number is not broken across lines: its spaces are no-break spaces.
                phone: site.phone.replace(/ /g, '\u00a0'),
                link: (chunks) => (
                  <a href={`tel:${site.phone.replace(/\s+/g, '')}`}>
                    <bdi dir="ltr">{chunks}</bdi>
                  </a>
                ),
              })}
            </p>
            <p>{isolated(t('address', { address: VALUE }), site.address)}</p>
          </address>
        </section>
        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies">{t('policiesHeading')}</h2>
          <ul>
            {policyPages.map((key) => (
              <li key={key}>
                <Link href={pages[key].path}>{policy(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-start">
          <h2 id="footer-start">{t('getStartedHeading')}</h2>
          <ul>
            <li>
              <Link href="/join">{t('join')}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">{t('copyright', { year: new Date().getFullYear(), brand: site.name })}</p>
    </footer>
  );
}
