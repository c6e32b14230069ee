import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text a page should show for `key` in `locale`: its translation, else English (the runtime
 * fallback), with simple `{name}` arguments filled in from `values`.
 */
export function message(locale: string, key: string, values: Record<string, string | number> = {}): string {
  const load = (code: string) =>
    JSON.parse(readFileSync(join(__dirname, '../../messages', `${code}.json`), 'utf8')) as Tree;
  const text = lookup(load(locale), key) ?? lookup(load('en'), key);
  if (text === undefined) throw new Error(`no message ${key}`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
