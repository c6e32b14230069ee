import { useTranslations } from 'next-intl';
import { site, type Platform } from '@/lib/config/site';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import styles from './team.module.css';

const steps = ['step1', 'step2', 'step3', 'step4'] as const;

/** Telegram's deep link that opens the bot's "add to group" picker. */
const telegramAddToGroup = `${site.chats.telegram.private}?startgroup=true`;
const telegramBot = `@${new URL(site.chats.telegram.private).pathname.slice(1)}`;

const targets: Record<Platform, string> = {
  telegram: telegramAddToGroup,
  slack: site.chats.slack.private,
  discord: site.chats.discord.private,
};

/** How to add the assistant to a group on each platform, and what new members see. */
export function Onboarding() {
  const t = useTranslations('TeamPage.onboarding');
  const values = { bot: VALUE, brand: site.name };
  return (
    <section className={styles.section} aria-labelledby="onboarding-heading">
      <h2 id="onboarding-heading">{t('heading')}</h2>
      <p>{t('intro')}</p>
      <div className={styles.platforms}>
        {(Object.keys(targets) as Platform[]).map((platform) => (
          <section key={platform} className={styles.platform} aria-labelledby={`onboarding-${platform}`}>
            <h3 id={`onboarding-${platform}`}>{t(`${platform}.title`)}</h3>
            <ol>
              {steps.map((step) => (
                <li key={step}>{isolated(t(`${platform}.${step}`, values), telegramBot, 'ltr')}</li>
              ))}
            </ol>
            <a className="button" href={targets[platform]} target="_blank" rel="noopener noreferrer">
              {t(`${platform}.action`)}
            </a>
          </section>
        ))}
      </div>
      <section className={styles.platform} aria-labelledby="onboarding-new-members">
        <h3 id="onboarding-new-members">{t('newMembers.title')}</h3>
        <ul>
          {(['welcome', 'plan', 'invited', 'blocked'] as const).map((key) => (
            <li key={key}>{t(`newMembers.${key}`)}</li>
          ))}
        </ul>
      </section>
    </section>
  );
}
