// @ts-check
// The hosts the gateways' browser halves load from on the pay page, as each gateway declares them
// beside its code (lib/server/payments/<id>/page-sources.json), for the build's per-page policies.
// The registry (lib/server/payments/registry.ts) hands the same declarations to the request layer;
// this plain-JavaScript reader exists because the post-build step runs without a compiler, and it
// keeps no list of its own: tests/payments/gateway-seam.test.ts holds it equal to the registry's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const paymentsDir = fileURLToPath(new URL('../../lib/server/payments/', import.meta.url));

/**
 * Every gateway folder's page-sources.json, in folder order.
 * @param {string} [dir] the gateways' parent folder
 * @returns {import('../../lib/security/csp.mjs').PageSources[]}
 */
export function gatewayPageSources(dir = paymentsDir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name, 'page-sources.json'))
    .filter((file) => existsSync(file))
    .sort()
    .map((file) => JSON.parse(readFileSync(file, 'utf8')));
}
