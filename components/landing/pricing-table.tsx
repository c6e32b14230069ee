import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import {
  bonusMonths,
  periods,
  planIds,
  plans,
  purchasePeriodIds,
  queryPack,
  TEAM_BLOCK_SIZE,
} from '@/lib/pricing/catalogue';
import { useMoney } from '@/lib/i18n/money';

/**
 * The landing page's pricing, entirely from the plan catalogue: prices in the locale's
 * currency (VND for Vietnamese, USD elsewhere), allowances, features (pay-as-you-go with the query
 * pack's contents and price) and the longer-period bonuses.
 */
export function PricingTable({ locale }: { locale: Locale }) {
  const t = useTranslations('Pricing');
  const plansT = useTranslations('Plans');
  const { currency } = localeInfo(locale);
  const formatMoney = useMoney();
  const money = (minor: number) => formatMoney(minor, currency);
  const bonuses = purchasePeriodIds.filter((period) => bonusMonths(period) > 0);
  // Pay-as-you-go (the free plan's feature) names the query pack's contents and price.
  const pack = { queries: queryPack.queries, price: money(queryPack.price[currency]), months: queryPack.validMonths };

  return (
    <section id="pricing" className="landing-section landing-section--tinted" aria-labelledby="pricing-title">
      <div className="landing-section__inner">
        <h2 id="pricing-title">{t('heading')}</h2>
        <p className="landing-section__intro">{t('intro')}</p>
        <ul className="pricing">
          {planIds.map((id) => {
            const plan = plans[id];
            const price = money(plan.price[currency]);
            return (
              <li key={id} className="pricing__plan" data-plan={id} data-highlight={id === 'team_pro' || undefined}>
                {id === 'team_pro' && <p className="pricing__badge">{t('popular')}</p>}
                <h3>{plansT(`names.${id}`)}</h3>
                <p className="pricing__tagline">{t(`taglines.${id}`)}</p>
                <p className="pricing__price" data-testid={`price-${id}`}>
                  {plan.price[currency] === 0
                    ? t('freePrice')
                    : plan.pricing === 'per_block'
                      ? t('perBlock', { price, size: TEAM_BLOCK_SIZE })
                      : t('perUser', { price })}
                </p>
                <ul className="pricing__features">
                  <li>
                    {plan.dailyQueryLimit === null
                      ? plansT('features.unlimited')
                      : plansT('features.dailyLimit', { limit: plan.dailyQueryLimit })}
                  </li>
                  {plan.features.map((feature) => (
                    <li key={feature} data-testid={`feature-${feature}`}>
                      {plansT(`features.${feature}`, pack)}
                    </li>
                  ))}
                </ul>
                {id === 'free' ? (
                  <Link className="button" href="/join">
                    {t('startFree')}
                  </Link>
                ) : (
                  <Link className="button button--primary" href={{ pathname: '/join', hash: 'pay-link' }}>
                    {t('howToUpgrade')}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
        <div className="pricing__periods">
          <h3>{t('longerPeriods')}</h3>
          <ul>
            {bonuses.map((period) => (
              <li key={period} data-testid={`bonus-${period}`}>
                {t('bonusLine', { months: periods[period].months, paid: periods[period].paidMonths })}
              </li>
            ))}
          </ul>
          <p>{t('paidNote')}</p>
        </div>
      </div>
    </section>
  );
}
