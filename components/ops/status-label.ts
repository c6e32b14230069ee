import type { OpsTranslate } from '@/lib/shared/ops-console';

/** An order's status in the operator's words; a paid order whose refund report waits says so. */
export function statusLabel(
  t: OpsTranslate,
  order: { status: 'pending' | 'paid' | 'failed' | 'needs_review'; refundHeldAt: Date | null },
): string {
  return order.refundHeldAt && order.status !== 'needs_review' ? t('status.refundReport') : t(`status.${order.status}`);
}
