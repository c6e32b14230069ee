import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { floors } from '../support/server-floors';

/*
 * lib/server's rooms stand on floors: each folder (and each module at its root) may import only
 * from the rooms below it, so a change to a low room never needs a higher one, and no two rooms
 * lean on each other. tests/support/server-floors.ts is the one description of the floors
 * (docs/architecture.md, "Where code lives", lists the rooms in that order); a new room fails here until
 * it is given its place, and an import up the order fails naming file and line. Imports of types count too: a type that two
 * floors need belongs to the lower one.
 */

const server = resolve(__dirname, '../../lib/server');

/** The room of lib/server a path (from lib/server) is in: its top folder, or the module at the root. */
function roomOf(path: string): string {
  const [top = '', ...rest] = path.split('/');
  if (rest.length > 0 || (existsSync(join(server, top)) && statSync(join(server, top)).isDirectory())) return top;
  return /\.(ts|tsx|mjs)$/.test(top) ? top : `${top}.ts`;
}

/** Every import of a lib/server room from another, as `file:line → room`. */
function importsBetweenRooms(): Array<{ from: string; to: string; where: string }> {
  const found: Array<{ from: string; to: string; where: string }> = [];
  for (const entry of readdirSync(server, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(ts|tsx|mjs)$/.test(entry)) continue;
    const file = join(server, entry);
    const from = roomOf(entry);
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const [, specifier] of line.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
          const target = specifier!.startsWith('@/lib/server/')
            ? specifier!.slice('@/lib/server/'.length)
            : specifier!.startsWith('.')
              ? relative(server, resolve(dirname(file), specifier!))
              : null;
          if (!target || target.startsWith('..')) continue;
          const to = roomOf(target);
          if (to !== from) found.push({ from, to, where: `lib/server/${entry}:${index + 1}` });
        }
      });
  }
  return found;
}

describe('lib/server stands on floors', () => {
  it('names every room of lib/server in its order, once', () => {
    const rooms = readdirSync(server).map((name) => roomOf(name));
    expect([...rooms].sort()).toEqual([...floors].sort());
  });

  it('has no import up the order', () => {
    const floor = (room: string) => floors.indexOf(room as (typeof floors)[number]);
    const upward = importsBetweenRooms()
      .filter(({ from, to }) => floor(to) > floor(from))
      .map(({ where, from, to }) => `${where}: ${from} imports ${to}, a floor above it`);
    expect(upward).toEqual([]);
  });

  it('sees the imports it judges (links/ imports http/ and session/; the root modules are rooms too)', () => {
    const imports = importsBetweenRooms();
    const roomsImportedBy = (room: string) => new Set(imports.filter(({ from }) => from === room).map(({ to }) => to));
    expect([...roomsImportedBy('links')]).toEqual(expect.arrayContaining(['http', 'session']));
    expect([...roomsImportedBy('db')]).toEqual(expect.arrayContaining(['env.ts']));
  });
});
