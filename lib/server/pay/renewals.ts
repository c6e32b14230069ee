import 'server-only';
import type { Renewal } from '@/lib/shared/renewals';
import type { RenewalOwner } from '@/lib/server/payments/gateway';
import { allGateways, findGateway } from '@/lib/server/payments/registry';

/** The account's automatic renewals at every gateway that renews by itself, newest first per gateway. */
export async function listRenewals(owner: RenewalOwner, now: Date): Promise<Renewal[]> {
  const lists = await Promise.all(allGateways.map((gateway) => gateway.subscriptions?.list(owner, now) ?? []));
  return lists.flat();
}

export type StopRenewalResult = { ok: true } | { ok: false; code: 'renewal_not_found' };

/** Stops one of the account's renewals at its gateway; the plan already paid for runs to its expiry. */
export async function stopRenewal(
  owner: RenewalOwner,
  gatewayId: string,
  id: string,
  now: Date,
): Promise<StopRenewalResult> {
  const renewals = findGateway(gatewayId)?.subscriptions;
  if (!renewals) return { ok: false, code: 'renewal_not_found' };
  return (await renewals.stop(owner, id, now)) === 'stopped' ? { ok: true } : { ok: false, code: 'renewal_not_found' };
}
