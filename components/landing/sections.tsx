import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { site, platforms } from '@/lib/config/site';
import { HeroVideo } from './hero-video';
import { HeroVideoScript } from './before-framework';
import { Reveal } from './reveal';
import { Chevron, Icon, featureIcons } from './icons';
import { HERO_POSTER } from './hero-poster';

export function Hero() {
  const t = useTranslations('HomePage.hero');
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__text">
        <p className="hero__eyebrow">{t('eyebrow')}</p>
        <h1 id="hero-title">{t('heading')}</h1>
        <p className="hero__intro">{t('intro', { brand: site.name })}</p>
        <div className="hero__actions">
          <Link className="button button--primary" href="/join">
            {t('cta')} <Chevron />
          </Link>
          <a className="button" href="#pricing">
            {t('secondary')}
          </a>
        </div>
      </div>
      <HeroVideo
        poster={HERO_POSTER}
        label={t('videoLabel', { brand: site.name })}
        fallback={t('videoFallback', { brand: site.name })}
        pauseLabel={t('pauseVideo')}
        playLabel={t('playVideo')}
      />
      <HeroVideoScript />
      <a className="hero__scroll" href="#about">
        <span>{t('scrollHint')}</span>
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </a>
    </section>
  );
}

export function About() {
  const t = useTranslations('HomePage.about');
  return (
    <section id="about" className="landing-section" aria-labelledby="about-title">
      <Reveal className="landing-section__inner landing-section__narrow">
        <h2 id="about-title">{t('heading')}</h2>
        <p>{t('body', { brand: site.name })}</p>
        <p>{t('body2')}</p>
      </Reveal>
    </section>
  );
}

export function Features() {
  const t = useTranslations('HomePage.features');
  return (
    <section id="features" className="landing-section landing-section--tinted" aria-labelledby="features-title">
      <div className="landing-section__inner">
        <h2 id="features-title">{t('heading', { brand: site.name })}</h2>
        <p className="landing-section__intro">{t('intro')}</p>
        <ul className="card-grid">
          {featureIcons.map((key, index) => (
            <li key={key}>
              <Reveal className="card" order={index % 3}>
                <span className="card__icon">
                  <Icon name={key} />
                </span>
                <h3>{t(`${key}.title`)}</h3>
                <p>{t(`${key}.body`)}</p>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const steps = ['s1', 's2', 's3', 's4', 's5', 's6'] as const;

export function HowItWorks() {
  const t = useTranslations('HomePage.howItWorks');
  return (
    <section id="how-it-works" className="landing-section" aria-labelledby="how-title">
      <div className="landing-section__inner">
        <h2 id="how-title">{t('heading')}</h2>
        <p className="landing-section__intro">{t('intro')}</p>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step} className="steps__item">
              <Reveal order={index % 3}>
                <h3>{t(`${step}.title`)}</h3>
                <p>{t(`${step}.body`)}</p>
              </Reveal>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const testimonials = ['t1', 't2'] as const;

export function Testimonials() {
  const t = useTranslations('HomePage.testimonials');
  return (
    <section id="testimonials" className="landing-section" aria-labelledby="testimonials-title">
      <div className="landing-section__inner">
        <h2 id="testimonials-title">{t('heading')}</h2>
        <div className="testimonials">
          {testimonials.map((key, index) => (
            <Reveal key={key} order={index}>
              <figure className="testimonial">
                <blockquote>
                  <p>{t(`${key}.quote`)}</p>
                </blockquote>
                <figcaption>
                  <strong>{t(`${key}.name`)}</strong>
                  <span>{t(`${key}.role`)}</span>
                </figcaption>
              </figure>
            </Reveal>
          ))}
        </div>
      </div>
    </section>
  );
}

export function Download() {
  const t = useTranslations('HomePage.download');
  return (
    <section id="download" className="landing-section landing-section--accent" aria-labelledby="download-title">
      <Reveal className="landing-section__inner landing-section__narrow download">
        <h2 id="download-title">{t('heading', { brand: site.name })}</h2>
        <p>{t('body')}</p>
        <ul className="download__buttons">
          {platforms.map((platform) => (
            <li key={platform}>
              <a className="button button--light" href={site.chats[platform].private} rel="noopener">
                {t(platform)}
              </a>
            </li>
          ))}
        </ul>
        <p>
          <Link className="download__more" href="/join">
            {t('more')} <Chevron />
          </Link>
        </p>
      </Reveal>
    </section>
  );
}
