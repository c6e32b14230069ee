import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { site } from '@/lib/config/site';
import { HomeLink } from './home-link';
import { LanguageSwitcher } from './language-switcher';
import { MobileMenu } from './mobile-menu';
import { OutsideFocusedPages } from './outside-focused-pages';

const anchors = ['about', 'features', 'pricing', 'testimonials', 'download'] as const;

/** The brand, the landing's navigation with "Sign up", and the language switcher; on the pay and team pages only the brand and the language. */
export function SiteHeader() {
  const t = useTranslations('Navigation');
  const links = (
    <ul className="site-nav__list">
      <li>
        <HomeLink>{t('home')}</HomeLink>
      </li>
      {anchors.map((id) => (
        <li key={id}>
          <HomeLink section={id}>{t(id)}</HomeLink>
        </li>
      ))}
      <li>
        <Link className="button button--primary" href="/join">
          {t('signUp')}
        </Link>
      </li>
    </ul>
  );
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <HomeLink className="site-header__brand">
          <span className="site-header__logo" aria-hidden="true">
            Q
          </span>
          <span className="site-header__name">{site.name}</span>
        </HomeLink>
        <OutsideFocusedPages>
          <nav className="site-nav" aria-label={t('mainLabel')}>
            <MobileMenu openLabel={t('openMenu')} closeLabel={t('closeMenu')}>
              {links}
            </MobileMenu>
          </nav>
        </OutsideFocusedPages>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
