import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/*
 * The ledger (lib/server/ledger/) reads and writes the payment rows; the rules that decide what to
 * write live above it (docs/architecture.md). So no module of the money rooms — checkout, the pay
 * views, payments and its gateways, the operators' console — writes a SQL statement: it asks the
 * ledger. The local sandboxes keep their own records (never in production), and the console's own
 * tables (operators, passkeys, sessions, actions, the audit log) are written by its store
 * (lib/server/ops/store/) alone: the two exceptions.
 */

const root = resolve(__dirname, '../..');
const rooms = ['lib/server/checkout', 'lib/server/pay', 'lib/server/payments', 'lib/server/ops'];
const exempt = (path: string) => /(^|\/)sandbox(\/|\.ts$)/.test(path) || path.startsWith('lib/server/ops/store/');

/** The statements as this code base writes them: keywords in capitals (prose in a string is not one). */
const SQL = /\b(SELECT\s[\s\S]*\sFROM|INSERT\s+INTO|UPDATE\s+\w+(\s+\w+)?\s+SET|DELETE\s+FROM)\b/;

/** Every `file:line` of a string or template that holds a SQL statement. */
export function statementsIn(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isTemplateExpression(node)) {
      const literal = ts.isTemplateExpression(node) ? node.getText(source) : node.text;
      if (SQL.test(literal)) {
        found.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = () =>
  rooms.flatMap((room) =>
    readdirSync(join(root, room), { recursive: true, encoding: 'utf8' })
      .filter((entry) => entry.endsWith('.ts'))
      .map((entry) => relative(root, join(root, room, entry))),
  );

describe('the ledger owns every SQL statement of the money rooms', () => {
  it('checkout, the pay views, payments, the gateways and the console write none (the sandboxes and the console’s store aside)', () => {
    const found = files()
      .filter((path) => !exempt(path))
      .flatMap((path) => statementsIn(path, readFileSync(join(root, path), 'utf8')));
    expect(found).toEqual([]);
  });

  it('sees a statement in a string or a template, and no prose', () => {
    expect(statementsIn('x.ts', "tx.query('SELECT 1 FROM outbox WHERE order_id = $1', [id]);")).toEqual(['x.ts:1']);
    expect(statementsIn('x.ts', 'const q = `\n  UPDATE refunds r SET status = $2 WHERE id = ${id}`;')).toEqual([
      'x.ts:1',
    ]);
    expect(statementsIn('x.ts', 'await sql.query(`INSERT INTO review_decisions (a) VALUES ($1)`, [a]);')).toHaveLength(
      1,
    );
    expect(statementsIn('x.ts', "// SELECT id FROM refunds\nconst words = 'select a plan from the list';")).toEqual([]);
  });
});
