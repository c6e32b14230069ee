/**
 * What `GET /api/pay/view` answers and the pay page's client shows: the account and the form, or
 * a result. The page itself is prerendered (it is the same for everyone); only this is per payer,
 * so a visit costs one small JSON request instead of a whole server render.
 */
import type { PayContext } from '@/lib/server/directory';
import type { PayFormProps } from './pay-form';
import type { PayResultState } from './pay-result';
import type { Receipt } from './receipt';
import type { Renewal } from './renewals';

export type PayPageView =
  | { kind: 'result'; result: PayResultState; supportEmail: string; signedIn?: boolean }
  | {
      kind: 'form';
      context: PayContext;
      form: PayFormProps;
      now: string;
      /** The payer's automatic renewals (gateway subscriptions); empty for most. */
      renewals: Renewal[];
      supportEmail: string;
    }
  | { kind: 'receipt'; receipt: Receipt | null; supportEmail: string };

type Dated = { planExpiresAt: Date | string | null };
const revive = <T extends Dated>(value: T) => ({
  ...value,
  planExpiresAt: value.planExpiresAt === null ? null : new Date(value.planExpiresAt),
});

/** JSON carries the context's expiry dates as strings; the tables format them as dates. */
export function payPageViewFromJson(json: PayPageView): PayPageView {
  if (json.kind !== 'form') return json;
  const { account, team } = json.context;
  return { ...json, context: { account: revive(account), team: team && revive(team) } };
}
