import 'server-only';
import { accountDirectory, type Subject } from '@/lib/server/directory';
import { refuse, type CheckoutRefusal } from './start-checkout';

/** "Cancel plan" in the pay page's modal: ends the individual plan so a team plan can be bought. */
export async function cancelIndividualPlan(subject: Subject, now: Date): Promise<{ ok: true } | CheckoutRefusal> {
  const result = await (await accountDirectory()).cancelIndividualPlan(subject, now);
  if (result === 'not_found') return refuse('no_session');
  return result === 'cancelled' ? { ok: true } : refuse('not_active');
}
