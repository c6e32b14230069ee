import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { allGateways } from '@/lib/server/payments/registry';

/*
 * The gateway seam's rule, checked (docs/architecture.md#adding-a-gateway-what-it-touches-outside-its-folder):
 * adding a gateway touches its own folder and the places that checklist lists — nothing else. So a
 * gateway's name, in any case and inside any word (`'paypal'`, `PaypalClientOptions`,
 * `'paypal-buttons'`, `paypal_not_confirmed`), is written in an identifier or a string only in its own
 * files and the places listed there. This test reads the list from the document, so the checklist and
 * the rule cannot drift apart. Everything else reads gateways from the registry, dispatches on what a
 * gateway declares (its offer, its continuation, its callbacks, its page sources, its subscriptions),
 * and treats an id as an opaque string. Comments may name a gateway as an example: they change no
 * behaviour.
 */

const root = join(__dirname, '../..');
/** What the rule covers: the site's code and the chat-backend contract. */
const scanned = [
  'app',
  'components',
  'lib',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'docs/chat-backend.openapi.yaml',
];

const gatewayIds = allGateways.map((gateway) => gateway.id);

const CHECKLIST = '#### Adding a gateway: what it touches outside its folder';

/** The places the checklist's two tables list, as written (`<id>`: a gateway's id; `*`: any name). */
export function checklistPlaces(architecture: string): string[] {
  const start = architecture.indexOf(CHECKLIST);
  const end = architecture.indexOf('\n#', start + CHECKLIST.length);
  if (start < 0) return [];
  const section = architecture.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^\| `([^`]+)` +\|/gm)].map((match) => match[1]!).filter((place) => place !== 'place');
}

const places = checklistPlaces(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));

/** A place as a path pattern for gateway `id`: a folder covers everything in it. */
const placePattern = (place: string, id: string) =>
  new RegExp(
    `^${place
      .replaceAll('<id>', id)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}${place.endsWith('/') ? '' : '$'}`,
  );

/** Whether `path` may name gateway `id`: its own files, or a place that names every gateway. */
function mayName(path: string, id: string): boolean {
  return places.some((place) => placePattern(place, id).test(path));
}

/** The identifiers and strings of a script (what it does), each with its line; comments are not among them. */
function wordsOf(path: string, text: string): Array<{ line: number; text: string }> {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const words: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isIdentifier(node) ||
      ts.isPrivateIdentifier(node) ||
      ts.isStringLiteralLike(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isJsxText(node)
    ) {
      words.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return words;
}

/** Every `file:line: text` where a gateway's name is written outside the places that may name it. */
function leaks(path: string, text: string, ids: readonly string[] = gatewayIds): string[] {
  const named = ids.filter((id) => !mayName(path, id));
  if (named.length === 0) return [];
  const name = new RegExp(named.join('|'), 'i');
  // Data (JSON, the YAML contract) is all values: any mention counts.
  const words = /\.(ts|tsx|mjs|js)$/.test(path)
    ? wordsOf(path, text)
    : text.split('\n').map((line, index) => ({ line: index + 1, text: line }));
  return words.filter((word) => name.test(word.text)).map((word) => `${path}:${word.line}: ${word.text.trim()}`);
}

const files = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...scanned], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => /\.(ts|tsx|mjs|js|json|ya?ml)$/.test(path));

describe("a gateway's name appears only in its own files and the places the checklist lists", () => {
  it('reads the checklist from docs/architecture.md, and every place in it exists', () => {
    expect(places).toEqual(
      expect.arrayContaining([
        'lib/server/payments/<id>/',
        'lib/server/payments/registry.ts',
        'lib/server/env.ts',
        'messages/*.json',
        'components/pay/continuations.ts',
      ]),
    );
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    }).split('\n');
    const missing = places.filter(
      (place) => !gatewayIds.some((id) => tracked.some((path) => placePattern(place, id).test(path))),
    );
    expect(missing).toEqual([]);
  });

  it('knows no place the document does not list, and nothing at all without the document', () => {
    expect(checklistPlaces('# Architecture\n\nNo checklist here.\n')).toEqual([]);
    expect(mayName('lib/server/payments/settle.ts', 'paypal')).toBe(false);
    expect(mayName('lib/server/payments/paypal/webhook.ts', 'paypal')).toBe(true);
    expect(mayName('lib/server/payments/paypal/webhook.ts', 'momo')).toBe(false);
  });

  it('is in no identifier or string anywhere else in app/, components/, lib/, the root modules or the backend contract', () => {
    const found = files().flatMap((path) => leaks(path, readFileSync(join(root, path), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches a name as an id, inside a type, a kind, an error code, a path or an import, in any case', () => {
    expect(leaks('components/pay/form.tsx', "if (gateway?.id === 'paypal') return;")).toEqual([
      'components/pay/form.tsx:1: paypal',
    ]);
    expect(leaks('lib/x.ts', 'const a = 1;\ngateway: z.enum(["vnpay", "momo"]),')).toHaveLength(2);
    expect(leaks('lib/shared/pay-form.ts', 'export interface PaypalClientOptions { clientId: string }')).toHaveLength(
      1,
    );
    expect(leaks('lib/shared/checkout.ts', "type Start = { kind: 'paypal-buttons'; params: unknown };")).toHaveLength(
      1,
    );
    expect(leaks('lib/shared/checkout.ts', "export const codes = ['paypal_not_confirmed'] as const;")).toHaveLength(1);
    expect(leaks('components/pay/form.tsx', "import { PaypalLoading } from './paypal-loading';")).toHaveLength(2);
    expect(leaks('components/pay/form.tsx', 'const url = `/api/payments/${MoMo}/x`;')).toHaveLength(1);
    expect(leaks('components/pay/form.tsx', '<p>Pay with VNPAY</p>')).toHaveLength(1);
    expect(
      leaks('lib/security/csp.mjs', "import { sources } from '../server/payments/paypal/page-sources.json';"),
    ).toHaveLength(1);
    expect(
      leaks('docs/chat-backend.openapi.yaml', 'gateway: { type: string, enum: [vnpay, momo, paypal] }'),
    ).toHaveLength(1);
  });

  it('lets a comment name a gateway, and each gateway be named in its own files and the allowed ones only', () => {
    expect(leaks('lib/server/payments/gateway.ts', '// A gateway such as PayPal handles its own callbacks.')).toEqual(
      [],
    );
    expect(leaks('lib/server/payments/paypal/gateway.ts', "id: 'paypal', PaypalCheckoutParams")).toEqual([]);
    expect(leaks('lib/server/payments/paypal/gateway.ts', "if (other === 'momo')")).toHaveLength(1);
    expect(leaks('components/pay/paypal-checkout.tsx', 'export function PaypalCheckout() {}')).toEqual([]);
    expect(leaks('components/pay/paypal-checkout.tsx', 'export function MomoCheckout() {}')).toHaveLength(1);
    expect(leaks('app/api/payments/paypal/confirm/route.ts', "import { confirmPaypal } from './x';")).toEqual([]);
    expect(leaks('lib/server/payments/registry.ts', "'vnpay'")).toEqual([]);
    expect(leaks('components/pay/continuations.ts', "paypal: dynamic(() => import('./paypal-checkout'))")).toEqual([]);
    expect(leaks('lib/server/env.ts', "VNPAY_TMN_CODE: optional(z.string()), 'MOMO_ENDPOINT'")).toEqual([]);
  });
});
