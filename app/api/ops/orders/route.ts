import { otherMethods } from '@/lib/server/http/methods';
import { findOrders } from '@/lib/server/ops/console';
import { orderQuery } from '@/lib/server/ops/requests';
import { opsJson, opsRoute } from '@/lib/server/ops/route';

// GET /api/ops/orders?reference&user&team&status&gateway&from&to&page — the orders search, as JSON (any operator).
export const GET = opsRoute({ access: 'viewer' }, async ({ request }) =>
  opsJson(await findOrders(orderQuery.parse(Object.fromEntries(request.nextUrl.searchParams)))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
