import 'server-only';
import { NextResponse } from 'next/server';
import { checkoutErrorTranslator, teamErrorTranslator } from '@/lib/server/i18n/translator';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { queryPack, type Currency } from '@/lib/pricing/catalogue';
import { isTeamError } from '@/lib/shared/team';
import { errorStatus, type ApiErrorCode } from './error-status';
import { formatMoney } from '@/lib/i18n/format-money';
import { nameList } from '@/lib/i18n/name-list';
import { billingLimitValues } from '@/lib/shared/billing';

export interface ErrorValues {
  limits?: { min: number; max: number; currency: Currency } | undefined;
  retryAfterSeconds?: number;
  /** The gateway's name (period3_not_with_gateway, payment_not_confirmed, payment_pending…). */
  gateway?: string | undefined;
  /** Whom to ask (team_admin_required): names from the account directory. */
  admins?: readonly string[] | undefined;
}

/** A refusal as JSON `{error: {code, message}}`, the message in the page's language. */
export async function apiError(code: ApiErrorCode, locale: Locale, values: ErrorValues = {}): Promise<NextResponse> {
  if (isTeamError(code)) {
    const message = (await teamErrorTranslator(locale))(code);
    return NextResponse.json(
      { error: { code, message } },
      { status: errorStatus[code], headers: { 'Cache-Control': 'no-store' } },
    );
  }
  const t = await checkoutErrorTranslator(locale);
  const money = (amount: number, currency: Currency) => formatMoney(localeInfo(locale).tag, amount, currency);
  const message = values.limits
    ? t(code, {
        min: money(values.limits.min, values.limits.currency),
        max: money(values.limits.max, values.limits.currency),
      })
    : t(code, {
        seconds: values.retryAfterSeconds ?? 0,
        gateway: values.gateway ?? '',
        named: values.admins?.length ? 'yes' : 'no',
        admins: nameList(localeInfo(locale).tag, values.admins ?? []),
        minPacks: 1,
        maxPacks: queryPack.maxQuantity,
        ...billingLimitValues,
      });
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (values.retryAfterSeconds) headers['Retry-After'] = String(values.retryAfterSeconds);
  return NextResponse.json({ error: { code, message } }, { status: errorStatus[code], headers });
}
