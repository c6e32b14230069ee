import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import type { Receipt } from '@/lib/shared/receipt';

/** The receipt components' tests: one paid Team Pro order, and a wrapper in any of the site's languages. */
export const paidReceipt: Receipt = {
  orderId: 'a1b2c3d4e5'.padEnd(32, '0'),
  reference: 'A1B2C3D4E5',
  seller: { legalName: 'Quorum AI Company Limited', address: '12 Nguyen Hue', taxId: '0000000000', email: 'a@b.c' },
  buyer: { platform: 'telegram', username: 'dung', fullName: 'Dung Pham', team: 'Acme' },
  item: { plan: 'team_pro', months: 7, seats: 30, renewalCycle: null },
  amount: 6_300_000,
  currency: 'VND',
  paidAt: '2026-11-20T09:30:00.000Z',
  gatewayName: 'VNPay',
  method: 'qr',
  gatewayReference: '14123456',
  billing: null,
  creditNotes: [],
};

const messagesOf = (locale: Locale) =>
  JSON.parse(readFileSync(join(__dirname, '../../messages', `${locale}.json`), 'utf8')) as Record<string, unknown>;

export const inLocale = (locale: Locale) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale={locale} messages={messagesOf(locale)} timeZone="UTC">
        {children}
      </NextIntlClientProvider>
    );
  };
