import 'server-only';
import type { OrderStatus } from '@/lib/server/ledger/types';

/** Every status an order has, in the order an operator reads them (docs/operations.md#what-each-status-means). */
export const orderStatuses = ['pending', 'paid', 'needs_review', 'failed'] as const satisfies readonly OrderStatus[];
