import en from '@/lib/server/ops/messages/en.json';
import vi from '@/lib/server/ops/messages/vi.json';

/*
 * The console's words (lib/server/ops/messages/, docs/operations.md#where-it-lives): the same keys in
 * English and Vietnamese, the same `{placeholders}` in each, and every Vietnamese message translated.
 */
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const english = flatten(en);
const vietnamese = flatten(vi);
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();

describe('the console’s messages', () => {
  it('has the same keys in English and Vietnamese', () => {
    expect([...vietnamese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('uses the same placeholders in both', () => {
    const differing = [...english].filter(
      ([key, message]) => placeholders(message).join() !== placeholders(vietnamese.get(key) ?? '').join(),
    );
    expect(differing).toEqual([]);
  });

  it('translates every Vietnamese message (no English copies left but the language switch)', () => {
    // A message of placeholders and punctuation alone ("{gateway} · {method}") has nothing to translate.
    const words = (message: string) =>
      message
        .replace(/\{\w+\}/g, '')
        .replace(/[^\p{L}]+/gu, ' ')
        .trim();
    const copies = [...english].filter(
      ([key, message]) => vietnamese.get(key) === message && words(message).length > 8,
    );
    expect(copies).toEqual([]);
  });

  it('has a message for every refusal code and every outcome the console answers with', async () => {
    const { opsErrorStatus } = await import('@/lib/server/ops/errors');
    for (const code of Object.keys(opsErrorStatus)) expect(english.has(`errors.${code}`)).toBe(true);
  });
});
