import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { localeTable } from '@/lib/i18n/locales';

type Tree = { [key: string]: string | Tree };

const dir = join(__dirname, '../../messages');
const load = (code: string) => JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')) as Tree;
const en = load('en');

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Argument names and types (`price:argument`, `count:plural`, `<link>:tag`) a message uses. */
function icuArguments(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) {
        found.add(`${el.value}:${TYPE[el.type]}`);
      } else if (el.type === TYPE.plural || el.type === TYPE.select) {
        found.add(`${el.value}:${TYPE[el.type]}`);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.tag) {
        found.add(`<${el.value}>:tag`);
        walk(el.children);
      }
    }
  };
  walk(parse(message, { ignoreTag: false }));
  return [...found].sort();
}

/** A message's own words: its text with the arguments and tags taken out (plural branches included). */
function literalText(message: string): string {
  const walk = (elements: MessageFormatElement[]): string =>
    elements
      .map((el) => {
        if (el.type === TYPE.literal) return el.value;
        if (el.type === TYPE.plural || el.type === TYPE.select)
          return Object.values(el.options)
            .map((option) => walk(option.value))
            .join(' ');
        if (el.type === TYPE.tag) return walk(el.children);
        return '';
      })
      .join('');
  return walk(parse(message, { ignoreTag: false }));
}

const english = flatten(en);

// Strings that are the same in every language: brand names, platform names, commands.
const sameEverywhere = /^(?:\{brand\}|Telegram|Slack|Discord|VNPay|MoMo|PayPal|QR|\/\w+|%s · \{brand\}|[\s\W\d]*)$/u;

/** People's names (testimonials) and the paid plans' product names (PRODUCT §11) are not translated. */
const properName = /\.name$|^Plans\.names\.(?:individual_pro|team_pro)$/;

/** Message keys whose value comes from the plan catalogue: no digit may be typed into them. */
const catalogueKey = /(price|limit|months|bonus|perUser|perBlock|allowance|quota)/i;

describe('messages/en.json', () => {
  it('parses as ICU everywhere', () => {
    for (const [key, message] of english) expect(() => icuArguments(message)).not.toThrow(key);
  });

  it('types no catalogue number into price, limit or period messages', () => {
    const offenders = [...english].filter(
      ([key, message]) => catalogueKey.test(key) && /\d/.test(message.replace(/\{[^}]*\}/g, '')),
    );
    expect(offenders).toEqual([]);
  });
});

describe.each(localeTable.filter((l) => l.code !== 'en').map((l) => l.code))('messages/%s.json', (code) => {
  const messages = flatten(load(code));

  it('has exactly the English keys: none missing, none extra', () => {
    const missing = [...english.keys()].filter((key) => !messages.has(key));
    const extra = [...messages.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('uses the same ICU arguments as English in every message', () => {
    const mismatches = [...english]
      .filter(([key]) => messages.has(key))
      .filter(([key, message]) => icuArguments(message).join() !== icuArguments(messages.get(key)!).join())
      .map(([key]) => key);
    expect(mismatches).toEqual([]);
  });

  it('translates every message longer than a few words (no English copies left)', () => {
    const untranslated = [...english]
      .filter(
        ([key, message]) =>
          literalText(message).length > 12 &&
          !sameEverywhere.test(message) &&
          !properName.test(key) &&
          messages.get(key) === message,
      )
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('writes the plan product names exactly as English does, as often as English does (PRODUCT §11)', () => {
    const names = [english.get('Plans.names.individual_pro')!, english.get('Plans.names.team_pro')!];
    const count = (text: string, name: string) => text.split(name).length - 1;
    const differing = [...english]
      .filter(([key]) => messages.has(key))
      .filter(([key, message]) => names.some((name) => count(message, name) !== count(messages.get(key)!, name)))
      .map(([key]) => key);
    expect(differing).toEqual([]);
    expect(messages.get('Plans.names.individual_pro')).toBe(english.get('Plans.names.individual_pro'));
    expect(messages.get('Plans.names.team_pro')).toBe(english.get('Plans.names.team_pro'));
  });

  it('translates the Free plan name (only the Pro plans are product names)', () => {
    expect(messages.get('Plans.names.free')).not.toBe(english.get('Plans.names.free'));
  });

  it('names the same chat commands (/pay, /balance, …) as English, slash included', () => {
    const commands = (text: string) => (text.match(/(?<![\w/])\/[a-z]+\b/g) ?? []).sort().join();
    const differing = [...english]
      .filter(([key]) => messages.has(key))
      .filter(([key, message]) => commands(message) !== commands(messages.get(key)!))
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('types no catalogue number into price, limit or period messages', () => {
    const offenders = [...messages].filter(
      ([key, message]) => catalogueKey.test(key) && /[0-9]/.test(message.replace(/\{[^}]*\}/g, '')),
    );
    expect(offenders).toEqual([]);
  });
});

it('ships one messages file per locale of the table, and no other', () => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
  expect(files).toEqual(localeTable.map((l) => l.code).sort());
});

describe('French typography', () => {
  const french = flatten(load('fr'));
  const NNBSP = '\u202f';

  it('puts a narrow no-break space (U+202F) before every : ; ? and !, and never an ordinary or wide one', () => {
    const offenders: string[] = [];
    for (const [key, message] of french) {
      for (const match of message.matchAll(/(.)([:;?!])(?!\/\/)/gsu)) {
        if (match[1] !== NNBSP)
          offenders.push(`${key}: …${message.slice(Math.max(0, match.index - 12), match.index + 2)}`);
      }
      if (/^[:;?!]/.test(message)) offenders.push(`${key}: starts with punctuation`);
    }
    expect(offenders).toEqual([]);
  });
});
