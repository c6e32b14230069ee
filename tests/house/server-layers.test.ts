import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/*
 * The link layer sits above the HTTP helpers, which sit above the session: links/ (the opening
 * page and the exchange endpoints) uses http/ and session/, http/ (the route wrapper) uses
 * session/, and session/ (tokens and cookies) uses neither. An import back up would make a
 * circle between folders again.
 */

const server = resolve(__dirname, '../../lib/server');

/** The lib/server folders a folder's files import from, by any spelling of the path. */
function foldersImportedBy(folder: string): Set<string> {
  const found = new Set<string>();
  const dir = join(server, folder);
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(ts|tsx|mjs)$/.test(entry)) continue;
    const file = join(dir, entry);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const target = specifier!.startsWith('@/lib/server/')
        ? specifier!.slice('@/lib/server/'.length)
        : specifier!.startsWith('.')
          ? relative(server, resolve(file, '..', specifier!))
          : null;
      const top = target?.split('/')[0];
      if (top && top !== folder && !top.startsWith('..') && target!.includes('/')) found.add(top);
    }
  }
  return found;
}

describe('lib/server layers', () => {
  it.each([
    ['session', ['http', 'links']],
    ['http', ['links']],
  ])('%s/ imports nothing from %j', (folder, above) => {
    const imported = foldersImportedBy(folder);
    expect(above.filter((name) => imported.has(name))).toEqual([]);
  });

  it('sees an import when there is one (links/ imports http/ and session/)', () => {
    expect([...foldersImportedBy('links')]).toEqual(expect.arrayContaining(['http', 'session']));
  });
});
