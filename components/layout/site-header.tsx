import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { site } from '@/lib/config/site';
import { HomeLink } from './home-link';
import { LanguageSwitcher } from './language-switcher';
import { MobileMenu } from './mobile-menu';

const anchors = ['about', 'features', 'pricing', 'testimonials', 'download'] as const;

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
        <nav className="site-nav" aria-label={t('mainLabel')}>
          <MobileMenu openLabel={t('openMenu')} closeLabel={t('closeMenu')}>
            {links}
          </MobileMenu>
        </nav>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
