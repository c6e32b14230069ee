import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allGateways } from '@/lib/server/payments/registry';

/*
 * The gateway seam's rule, checked (docs/payments.md#adding-a-gateway): adding a gateway touches
 * its folder, the registry, its messages and its variables — nothing else. So a gateway id is
 * written (as a quoted string: `=== 'paypal'`, `z.enum(['vnpay', …])`, `gateway: 'momo'`) only in
 * lib/server/payments/<id>/, the registry, messages/*.json and its variables in lib/server/env.ts
 * (which are VNPAY_*, MOMO_*, PAYPAL_* names, never the quoted id). Everything else reads gateways
 * from the registry, dispatches on what a gateway declares (its offer, its continuation's kind,
 * its callbacks, its CSP sources), and treats an id as an opaque string.
 */

const root = join(__dirname, '../..');
/** What the rule covers: the site's code and the chat-backend contract. */
const scanned = ['app', 'components', 'lib', 'proxy.ts', 'next.config.mjs', 'docs/chat-backend.openapi.yaml'];

/** Files besides the gateways' own folders that may name a gateway, each with why. Keep it tiny. */
const allowList: Record<string, string> = {
  'lib/server/payments/registry.ts': 'the registry: the one list of gateways',
};

const gatewayIds = allGateways.map((gateway) => gateway.id);

/** The folders and files a gateway id may appear in. */
function mayName(path: string, id: string): boolean {
  return path.startsWith(`lib/server/payments/${id}/`) || path in allowList || /^messages\/[^/]+\.json$/.test(path);
}

/** Every `file:line: 'id'` where a gateway id is written as a literal outside its places. */
function leaks(path: string, text: string, ids: readonly string[] = gatewayIds): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  for (const id of ids) {
    if (mayName(path, id)) continue;
    // A quoted string that is exactly the id; in YAML, also a bare scalar (`gateway: vnpay`, `[vnpay, momo]`).
    const literal = /\.ya?ml$/.test(path)
      ? new RegExp(`(?<![\\w.\\/-])(['"]?)${id}\\1(?![\\w.\\/-])`)
      : new RegExp(`(['"\`])${id}\\1`);
    lines.forEach((line, index) => {
      if (literal.test(line)) found.push(`${path}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

const files = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...scanned], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => /\.(ts|tsx|mjs|js|json|ya?ml)$/.test(path));

describe('a gateway id appears only in its folder, the registry, its messages and its variables', () => {
  it('is not written anywhere else in app/, components/, lib/, proxy.ts, next.config.mjs or the backend contract', () => {
    const found = files().flatMap((path) => leaks(path, readFileSync(join(root, path), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches the ways an id leaks, and not the places it may stay', () => {
    expect(leaks('components/pay/form.tsx', "if (gateway?.id === 'paypal') return;")).toEqual([
      "components/pay/form.tsx:1: if (gateway?.id === 'paypal') return;",
    ]);
    expect(leaks('lib/x.ts', 'const a = 1;\ngateway: z.enum(["vnpay", "momo"]),')).toHaveLength(2);
    expect(
      leaks('docs/chat-backend.openapi.yaml', 'gateway: { type: string, enum: [vnpay, momo, paypal] }'),
    ).toHaveLength(3);
    expect(leaks('docs/chat-backend.openapi.yaml', '                gateway: momo,')).toHaveLength(1);
    // A gateway's own folder, the registry and the messages may name it; other ids stay forbidden there.
    expect(leaks('lib/server/payments/paypal/gateway.ts', "id: 'paypal',")).toEqual([]);
    expect(leaks('lib/server/payments/paypal/gateway.ts', "if (other === 'momo')")).toHaveLength(1);
    expect(leaks('lib/server/payments/registry.ts', "'vnpay'")).toEqual([]);
    // Not an id literal: names, paths and kinds that merely contain one.
    expect(
      leaks('components/pay/x.tsx', "fetch('/api/payments/paypal/confirm'); kind: 'paypal-buttons'; PaypalCheckout"),
    ).toEqual([]);
    expect(leaks('lib/server/env.ts', "VNPAY_TMN_CODE: optional(z.string()), 'MOMO_ENDPOINT'")).toEqual([]);
  });
});
