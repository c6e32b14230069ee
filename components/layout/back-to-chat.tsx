import { useTranslations } from 'next-intl';
import { site, type Platform } from '@/lib/config/site';

/**
 * A refused link's one-tap way back to the assistant on the platform the link came from, where the
 * person asks for a new one (lib/config/site.ts holds each platform's address).
 */
export function BackToChat({ chat }: { chat: Platform | undefined }) {
  const t = useTranslations('LinkErrors');
  if (!chat) return null;
  const { name, private: address } = site.chats[chat];
  return (
    <p>
      <a className="button button--primary" href={address} data-testid="back-to-chat">
        {t('openChat', { platform: name })}
      </a>
    </p>
  );
}
