/**
 * Brand, contact details and chat links. A deployer rebrands the site here and nowhere else.
 * Public data only: secrets live in lib/server/env.ts.
 */
export const site = {
  name: 'Quorum AI',
  supportEmail: 'support@quorum.example',
  address: '12 Nguyen Hue Boulevard, District 1, Ho Chi Minh City, Vietnam',
  phone: '+84 28 0000 0000',
  /**
   * Who sells, as every receipt names it. Placeholders: a deployer writes the company's registered
   * name, its registered address and its tax identification number here before taking payments.
   */
  seller: {
    legalName: 'Quorum AI Company Limited',
    address: '12 Nguyen Hue Boulevard, District 1, Ho Chi Minh City, Vietnam',
    taxId: '0000000000',
  },
  /**
   * Each platform's name (the same in every language), where its private chat with the assistant
   * and its public group live. `private` is also the one-tap way back to the assistant that a
   * refused link offers, so the person can ask for a new one.
   */
  chats: {
    telegram: { name: 'Telegram', private: 'https://t.me/QuorumAIBot', group: 'https://t.me/QuorumAICommunity' },
    slack: {
      name: 'Slack',
      private: 'https://slack.com/apps/quorum-ai',
      group: 'https://join.slack.com/t/quorum-ai-community',
    },
    discord: {
      name: 'Discord',
      private: 'https://discord.com/application-directory/quorum-ai',
      group: 'https://discord.gg/quorum-ai',
    },
  },
} as const;

export type Platform = keyof typeof site.chats;
export const platforms = Object.keys(site.chats) as Platform[];

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (platforms as readonly string[]).includes(value);
}
