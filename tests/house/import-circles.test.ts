import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/*
 * No module of lib/server reaches itself again through its imports, import() included: a circle
 * means neither end can be read, loaded or replaced without the other (the PayPal client once took
 * its transport from a config that loaded the stand-in, whose webhooks went back to the client).
 * Type-only imports load nothing and do not count. One lazy edge is allowed, with its reason.
 */

const root = resolve(__dirname, '../..');
const server = join(root, 'lib/server');

/** Edges that close a circle on purpose, loaded only when needed: `from → to`, each with why. */
const allowed: Record<string, string> = {
  'lib/server/payments/settle.ts → lib/server/payments/refunds/paid-twice.ts':
    'the paid-twice check refunds through the gateways, whose modules settle: it runs after the commit, loaded then',
};

type Graph = Map<string, Array<{ to: string; lazy: boolean }>>;

/** The file of `known` (paths from the root) an import specifier names, if any. */
function resolveImport(from: string, specifier: string, known: ReadonlyMap<string, string>): string | null {
  const base = specifier.startsWith('@/')
    ? specifier.slice(2)
    : specifier.startsWith('.')
      ? relative(root, resolve(root, dirname(from), specifier))
      : null;
  if (!base) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}/index.ts`];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/** What each file of lib/server imports from lib/server, static or lazy, types aside. */
export function importGraph(texts: Map<string, string>): Graph {
  const graph: Graph = new Map();
  for (const [file, text] of texts) {
    const edges: Array<{ to: string; lazy: boolean }> = [];
    const imports = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;
    for (const [, typeOnly, fromSpecifier, lazySpecifier] of text.matchAll(imports)) {
      if (typeOnly) continue;
      const to = resolveImport(file, (fromSpecifier ?? lazySpecifier)!, texts);
      if (to) edges.push({ to, lazy: lazySpecifier !== undefined });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** The circles of a graph (strongly connected groups of more than one file, or a file importing itself). */
export function circles(graph: Graph, skip: (from: string, to: string) => boolean = () => false): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const { to } of graph.get(file) ?? []) {
      if (skip(file, to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).some(({ to }) => to === file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const serverTexts = () =>
  new Map(
    readdirSync(server, { recursive: true, encoding: 'utf8' })
      .filter((entry) => /\.(ts|tsx|mjs)$/.test(entry))
      .map((entry) => {
        const file = relative(root, join(server, entry));
        return [file, readFileSync(join(root, file), 'utf8')] as const;
      }),
  );

/** Every file `start` loads before anything runs: its static imports, and theirs. */
function loadedWith(graph: Graph, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    for (const { to, lazy } of graph.get(queue.pop()!) ?? []) {
      if (lazy || seen.has(to)) continue;
      seen.add(to);
      queue.push(to);
    }
  }
  return seen;
}

describe('imports between the modules of lib/server', () => {
  const graph = importGraph(serverTexts());

  it('close no circle, import() included (the one lazy seam aside)', () => {
    expect(circles(graph, (from, to) => `${from} → ${to}` in allowed)).toEqual([]);
  });

  it('load no gateway sandbox with the registry: a live configuration never loads the stand-in', () => {
    const loaded = [...loadedWith(graph, 'lib/server/payments/registry.ts')];
    // A sandbox folder's constants (its address, its public test identity) are the one thing a live configuration names.
    const standIn = loaded.filter(
      (file) => /\/payments\/[^/]+\/sandbox\//.test(file) && !file.endsWith('/identity.ts'),
    );
    expect(standIn).toEqual([]);
  });

  it('would see a circle through import(), and none through a type-only import', () => {
    const probe = new Map([
      ['lib/server/a.ts', "import { b } from './b';"],
      ['lib/server/b.ts', "export const b = () => import('./c');"],
      ['lib/server/c.ts', "import { a } from '@/lib/server/a';"],
      ['lib/server/d.ts', "import type { A } from './a';\nexport type D = A;"],
      ['lib/server/e.ts', "import type { D } from './d';"],
    ]);
    expect(circles(importGraph(probe))).toEqual([['lib/server/a.ts', 'lib/server/b.ts', 'lib/server/c.ts']]);
    expect(circles(importGraph(probe), (from) => from === 'lib/server/b.ts')).toEqual([]);
    expect([...loadedWith(importGraph(probe), 'lib/server/a.ts')].sort()).toEqual([
      'lib/server/a.ts',
      'lib/server/b.ts',
    ]);
  });
});
