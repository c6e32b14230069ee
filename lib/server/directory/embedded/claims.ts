import 'server-only';
import type { Sql } from '@/lib/server/db/sql';

/*
 * What makes the embedded directory's changes once-only: the row claiming an order's grant, or a
 * refund's revocation, is written in the same transaction as the change it allows. False: it was
 * claimed before, and the change is not made again.
 */

export async function claimGrant(tx: Sql, orderId: string, at: Date): Promise<boolean> {
  const claimed = await tx.query(
    'INSERT INTO directory_grants (order_id, applied_at) VALUES ($1, $2) ON CONFLICT (order_id) DO NOTHING',
    [orderId, at],
  );
  return claimed.rowCount === 1;
}

export async function claimRevocation(tx: Sql, refundId: string, at: Date): Promise<boolean> {
  const claimed = await tx.query(
    'INSERT INTO directory_revocations (refund_id, applied_at) VALUES ($1, $2) ON CONFLICT (refund_id) DO NOTHING',
    [refundId, at],
  );
  return claimed.rowCount === 1;
}
