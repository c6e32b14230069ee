import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { localeTable } from '@/lib/i18n/locales';
import { BILLING_LIMITS } from '@/lib/shared/billing';
import { messageFileGaps, missingGlossaryTerms } from './support/locale-coverage';

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

/** People's names (testimonials) and the paid plans' product names are not translated. */
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

  it('writes the plan product names exactly as English does, as often as English does', () => {
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
  expect(messageFileGaps(localeTable)).toEqual({ missing: [], extra: [] });
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

/*
 * The rules of the translation review (November): each one would have caught a class of defect the
 * review found, and each runs on the JSON alone. Run against an older messages file, each fails.
 */

const codes = localeTable.map((l) => l.code);
const localeMessages = new Map<string, Map<string, string>>(
  codes.map((code) => [code, code === 'en' ? english : flatten(load(code))]),
);
const tagOf = new Map<string, string>(localeTable.map((l) => [l.code, l.tag]));
const rtlCodes = localeTable.filter((l) => l.dir === 'rtl').map((l) => l.code);
const cldrCategories = (code: string) => new Intl.PluralRules(tagOf.get(code)).resolvedOptions().pluralCategories;

/** Every element of a message, plural branches and tag contents included, in order. */
function elementsOf(message: string): MessageFormatElement[] {
  const out: MessageFormatElement[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      out.push(el);
      if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) walk(option.value);
      if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(parse(message, { ignoreTag: false }));
  return out;
}

/** Whole-word search in any script (\b only knows ASCII): no letter or combining mark on either side. */
const words = (alternatives: string[], flags = 'iu') =>
  new RegExp(`(?<![\\p{L}\\p{M}])(?:${alternatives.join('|')})(?![\\p{L}\\p{M}])`, flags);

const offendersIn = (code: string, test: (key: string, message: string) => string | false | null | undefined) =>
  [...localeMessages.get(code)!].flatMap(([key, message]) => {
    const problem = test(key, message);
    return problem ? [`${key}: ${problem}`] : [];
  });

describe('plurals', () => {
  /** CLDR's `many` of es, fr, pt is only reached at numbers like 1,000,000; leaving it to `other` is harmless. */
  const mayOmitMany = new Set(['es', 'fr', 'pt']);

  /** Arguments that count something. The noun they count must sit in a plural branch with them. */
  const countArgument =
    /^(used|paid|total|free|current|blocks|months|bonus|seconds|limit|size|blockSize|period\d+(Months|Paid)|lines|companyMax|taxIdMax|addressMax|addressLines)$/;
  /** Counts that meet no noun in any language: "a whole number greater than {current}". */
  const bareNumber: Record<string, string[]> = { 'PayPage.form.seatsError': ['current'] };

  it.each(codes)('%s: every plural has exactly the CLDR categories of the language', (code) => {
    const expected = cldrCategories(code);
    const offenders = offendersIn(code, (_, message) => {
      for (const el of elementsOf(message)) {
        if (el.type !== TYPE.plural) continue;
        const categories = Object.keys(el.options).filter((k) => !/^=\d+$/.test(k));
        const missing = expected.filter((c) => !categories.includes(c) && !(c === 'many' && mayOmitMany.has(code)));
        const extra = categories.filter((c) => !(expected as string[]).includes(c));
        if (missing.length || extra.length) return `{${el.value}} missing [${missing}] extra [${extra}]`;
      }
    });
    expect(offenders).toEqual([]);
  });

  it.each(codes.filter((code) => cldrCategories(code).length > 1))(
    '%s: a number that counts something is a plural, or stands after a label’s colon ("Seats used: 3 of 10")',
    (code) => {
      const offenders = offendersIn(code, (key, message) => {
        let before = '';
        for (const el of parse(message, { ignoreTag: false })) {
          if (el.type === TYPE.literal) before += el.value;
          const plain = el.type === TYPE.argument || el.type === TYPE.number;
          if (plain && countArgument.test(el.value) && !bareNumber[key]?.includes(el.value) && !/[:：]/.test(before))
            return `{${el.value}} counts a noun outside a plural`;
        }
      });
      expect(offenders).toEqual([]);
    },
  );

  /** The branch a plural takes for 1: its `=1`, else `one` where the language has it, else `other`. */
  const branchForOne = (el: MessageFormatElement & { options: Record<string, { value: MessageFormatElement[] }> }) =>
    el.options['=1'] ?? el.options.one ?? el.options.other;
  const printsTheNumber = (elements: MessageFormatElement[]) => elements.some((e) => e.type === TYPE.pound);
  /** English plurals of `months` that say one month without its number ("every month"), by key. */
  const oneMonthInWords = [...english].filter(([, message]) =>
    elementsOf(message).some(
      (el) => el.type === TYPE.plural && el.value === 'months' && !printsTheNumber(branchForOne(el)!.value),
    ),
  );

  it.each(codes)(
    '%s: where English says one month in words ("every month"), so does the translation, never "every 1 month"',
    (code) => {
      const messages = flatten(load(code));
      const offenders = oneMonthInWords.flatMap(([key]) => {
        const message = messages.get(key);
        if (!message) return [];
        const plural = elementsOf(message).find((el) => el.type === TYPE.plural && el.value === 'months');
        return plural && printsTheNumber(branchForOne(plural as never)!.value) ? [key] : [];
      });
      expect(oneMonthInWords.length).toBeGreaterThan(0);
      expect(offenders).toEqual([]);
    },
  );

  it.each(codes)('%s: no verb or noun that agrees with a count stands outside its plural', (code) => {
    const outside: Record<string, RegExp[]> = {
      en: [/\{(used|paid), number\}\s*(seats)/],
      es: [/\{(used|paid), number\}\s*plazas/, /\b(son|hay) \{\w+, plural/],
      fr: [/\{(used|paid), number\}\s*places/],
      pt: [/\{(used|paid), number\}\s*vagas/, /\b(são|há) \{\w+, plural/],
      de: [/\{(used|paid), number\}\s*Plätzen/],
      ru: [/из \{paid, number\} мест/],
      hi: [/\{(used|paid), number\}\s*सीटें/, /\}\}\s*(हैं|है)(?![\p{L}\p{M}])/u],
      mr: [/\}\}\s*(आहेत|आहे)(?![\p{L}\p{M}])/u],
      ur: [/\{(used|paid), number\}\s*نشستیں/, /\}\}\s*(ہیں|ہے)(?![\p{L}\p{M}])/u],
    };
    const offenders = offendersIn(code, (_, message) => outside[code]?.find((re) => re.test(message))?.source);
    expect(offenders).toEqual([]);
  });
});

describe('glossary (lib/i18n/glossary.json): one term per concept and locale', () => {
  interface Term {
    term: string;
    match?: string[];
    forbidden?: string[];
    except?: Record<string, string>;
  }
  interface Concept {
    en: string;
    source: string;
    keys?: string;
    alsoIn?: string[];
    required?: boolean;
    distinctFrom?: string;
    locales: Record<string, Term>;
  }
  const glossary = JSON.parse(readFileSync(join(__dirname, '../../lib/i18n/glossary.json'), 'utf8')) as {
    concepts: Record<string, Concept>;
  };
  const concepts = Object.entries(glossary.concepts);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** zh and ja write no spaces between words; elsewhere a term matches only at the start of a word. */
  const pattern = (code: string, sources: string[]) =>
    new RegExp(
      code === 'zh' || code === 'ja' ? sources.join('|') : `(?<![\\p{L}\\p{M}\\p{N}])(?:${sources.join('|')})`,
      'iu',
    );
  const termPattern = (code: string, term: Term) => pattern(code, term.match ?? [escape(term.term)]);
  const inScope = (concept: Concept, key: string) =>
    concept.alsoIn?.includes(key) ||
    ((!concept.keys || new RegExp(concept.keys).test(key)) &&
      new RegExp(concept.source, 'iu').test(literalText(english.get(key)!)));

  it('names, for every concept, one term in each locale of the table', () => {
    expect(missingGlossaryTerms(localeTable)).toEqual([]);
  });

  it('holds each term to what its own patterns match, and to no forbidden variant', () => {
    const problems: string[] = [];
    for (const [name, concept] of concepts) {
      for (const code of codes) {
        const term = concept.locales[code];
        if (!term?.term) continue;
        if (!termPattern(code, term).test(term.term)) problems.push(`${name}.${code}: "${term.term}" misses its match`);
        if (term.forbidden?.length && pattern(code, term.forbidden).test(term.term))
          problems.push(`${name}.${code}: "${term.term}" is forbidden`);
        for (const key of Object.keys(term.except ?? {}))
          if (!english.has(key)) problems.push(`${name}.${code}: except names no message ${key}`);
      }
      if (concept.distinctFrom && !glossary.concepts[concept.distinctFrom])
        problems.push(`${name}: distinctFrom names no concept`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps the gateway and the payment method apart: in no locale does one term contain the other’s', () => {
    const { gateway, method } = glossary.concepts;
    const problems = codes.filter((code) => {
      const g = gateway!.locales[code]!;
      const m = method!.locales[code]!;
      return termPattern(code, g).test(m.term) || termPattern(code, m).test(g.term);
    });
    expect(problems).toEqual([]);
  });

  describe.each(codes)('messages/%s.json', (code) => {
    const messages = localeMessages.get(code)!;
    const scoped = (concept: Concept) =>
      [...messages.keys()].filter((key) => inScope(concept, key) && !concept.locales[code]?.except?.[key]);

    it('says the glossary term wherever English names a required concept (gateway, payment method, seat)', () => {
      const offenders = concepts
        .filter(([, concept]) => concept.required)
        .flatMap(([name, concept]) => {
          const term = concept.locales[code]!;
          return scoped(concept)
            .filter((key) => !termPattern(code, term).test(literalText(messages.get(key)!)))
            .map((key) => `${key}: no "${term.term}" (${name})`);
        });
      expect(offenders).toEqual([]);
    });

    it('uses no forbidden variant of a glossary term where English names the concept', () => {
      const offenders = concepts.flatMap(([name, concept]) => {
        const term = concept.locales[code]!;
        if (!term.forbidden?.length) return [];
        const forbidden = pattern(code, term.forbidden);
        return scoped(concept).flatMap((key) => {
          const found = forbidden.exec(literalText(messages.get(key)!));
          return found ? [`${key}: "${found[0]}" instead of "${term.term}" (${name})`] : [];
        });
      });
      expect(offenders).toEqual([]);
    });

    it('never calls the gateway by the payment method’s word, nor the method by the gateway’s', () => {
      const offenders = concepts
        .filter(([, concept]) => concept.distinctFrom)
        .flatMap(([name, concept]) => {
          const other = glossary.concepts[concept.distinctFrom!]!;
          const otherTerm = termPattern(code, other.locales[code]!);
          return scoped(concept)
            .filter((key) => !inScope(other, key) && otherTerm.test(literalText(messages.get(key)!)))
            .map((key) => `${key}: the ${concept.distinctFrom} word where English says ${name}`);
        });
      expect(offenders).toEqual([]);
    });
  });
});

describe('register: one form of address per language', () => {
  /**
   * What each file calls the reader, and the words of the other register that must not appear
   * (whole words). German and French are formal; German's list includes the du-imperatives the
   * team page had ("Gib", "Tippe", "Wähle"…). Nouns that look alike are left out ("Versuche" =
   * attempts, French "ton" = tone).
   */
  const register: Record<string, { says: string; never: RegExp }> = {
    de: {
      says: 'Sie',
      never: words([
        'du|dich|dir|dein\\p{L}*|euch|euer|eure\\p{L}*',
        'gib|füge|verlängere|tippe|wähle|öffne|erwähne|prüfe|frag|mach',
        'kannst|musst|brauchst|hast|bist|willst',
      ]),
    },
    fr: { says: 'vous', never: words(['tu|te|toi|ta|tes|t’(?=\\p{L})']) },
    es: { says: 'tú', never: words(['usted|ustedes']) },
    pt: { says: 'você', never: words(['tu|teu|tua|teus|tuas|contigo|o senhor|a senhora']) },
    ru: {
      says: 'вы',
      never: words(['ты|тебя|тебе|тобой|твой|твоя|твоё|твое|твои|твоего|твоей|твоему|твоим|твоих|твою']),
    },
    id: { says: 'Anda', never: words(['kamu|kau|engkau']) },
    vi: { says: 'bạn', never: words(['quý khách|quý vị']) },
    zh: { says: '你', never: /您/u },
    ko: { says: 'no pronoun (내 팀)', never: /회원님|당신|고객님/u },
    ja: { says: 'です・ます', never: /だ。|である。|お前|君は/u },
    hi: { says: 'आप', never: words(['तुम|तुम्हारा|तुम्हारी|तुम्हारे|तुम्हें|तू|तेरा|तेरी|तेरे']) },
    mr: { says: 'तुम्ही', never: words(['तू|तुला|तुझा|तुझी|तुझे|तुझ्या']) },
    ur: { says: 'آپ', never: words(['تم|تمہارا|تمہاری|تمہارے|تمہیں|تیرا|تیری|تیرے']) },
  };

  it.each(Object.entries(register).map(([code, { says, never }]) => [code, says, never] as const))(
    '%s addresses the reader as %s everywhere',
    (code, _says, never) => {
      const offenders = offendersIn(code, (_, message) => never.exec(literalText(message))?.[0]);
      expect(offenders).toEqual([]);
    },
  );

  it('covers every translation', () => {
    expect(Object.keys(register).sort()).toEqual(codes.filter((code) => code !== 'en').sort());
  });
});

describe('right-to-left isolation', () => {
  const LRI = '\u2066';
  const RLI = '\u2067';
  const FSI = '\u2068';
  const PDI = '\u2069';
  const RLM = '\u200f';
  /**
   * Values that come from outside and are (or may be) left-to-right: each sits in an isolate. The
   * gateway's, the platform's and the plan's names are Latin, and so are a reference, a tax id and a
   * time with its AM/PM: a sentence that opens with one runs left-to-right wherever its direction is
   * auto.
   */
  const outsideValue =
    /^(bot|username|name|search|email|code|min|max|price|amount|phone|address|command|gateway|platform|plan|reference|time|taxId|account|team)$/;
  /** Left-to-right runs typed into the text: a /command, an @handle, an e-mail address, a URL. */
  const ltrRun = /(?<![\p{L}\p{N}/])\/[a-z]+|@|https?:\/\/|www\./u;

  /** What in `message` is not isolated, and isolates that are unbalanced or cross a plural or a tag. */
  function isolationProblems(message: string, checkRuns: boolean): string[] {
    const problems: string[] = [];
    const walk = (elements: MessageFormatElement[], start: number): number => {
      let depth = start;
      for (const el of elements) {
        if (el.type === TYPE.literal) {
          for (const segment of el.value.split(/(?=[\u2066-\u2069])/u)) {
            const mark = segment[0];
            if (mark === LRI || mark === RLI || mark === FSI) depth += 1;
            if (mark === PDI && --depth < 0) problems.push('a PDI closes no isolate');
            const text = /^[\u2066-\u2069]/u.test(segment) ? segment.slice(1) : segment;
            const run = ltrRun.exec(text);
            if (checkRuns && depth <= 0 && run) problems.push(`"${run[0]}" outside an isolate`);
          }
        } else if (el.type === TYPE.plural || el.type === TYPE.select) {
          for (const [option, { value }] of Object.entries(el.options))
            if (walk(value, depth) !== depth) problems.push(`an isolate crosses {${el.value}} ${option}`);
        } else if (el.type === TYPE.tag) {
          if (walk(el.children, depth) !== depth) problems.push(`an isolate crosses <${el.value}>`);
        } else if ('value' in el && checkRuns && depth <= 0 && outsideValue.test(String(el.value))) {
          problems.push(`{${el.value}} outside an isolate`);
        }
      }
      return depth;
    };
    if (walk(parse(message, { ignoreTag: false }), 0) !== 0) problems.push('an isolate is never closed');
    return problems;
  }

  /**
   * Values a right-to-left page writes in its own words: the long date (Urdu month names), the credit
   * note's item (the plan in its own <bdi>, then months and seats in the page's words) and the counts
   * the page spells out. Inside a left-to-right isolate their words are laid out left to right:
   * "21 نومبر، 2026" reads day, year, month, and the 7 of "7 months" lands beside the seats. They stand
   * bare or in a first-strong isolate (FSI).
   */
  const ownWordsValue = /^(date|item|months|days)$/;
  const rightToLeftLetter = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

  /** Isolates of the wrong direction: left-to-right around the page's own words, right-to-left around a Latin value. */
  function directionProblems(message: string): string[] {
    const problems = new Set<string>();
    const walk = (elements: MessageFormatElement[], open: readonly string[]) => {
      const stack = [...open];
      const argument = (name: string) => {
        if (stack.at(-1) === LRI && ownWordsValue.test(name)) problems.add(`{${name}} in a left-to-right isolate`);
        if (stack.at(-1) === RLI && outsideValue.test(name)) problems.add(`{${name}} in a right-to-left isolate`);
      };
      for (const el of elements) {
        if (el.type === TYPE.literal) {
          for (const segment of el.value.split(/(?=[\u2066-\u2069])/u)) {
            const mark = segment[0];
            if (mark === LRI || mark === RLI || mark === FSI) stack.push(mark);
            if (mark === PDI) stack.pop();
            const text = /^[\u2066-\u2069]/u.test(segment) ? segment.slice(1) : segment;
            if (stack.at(-1) === LRI && rightToLeftLetter.test(text))
              problems.add(`"${text.trim()}" in a left-to-right isolate`);
            if (stack.at(-1) === RLI && /\p{Script=Latin}/u.test(text))
              problems.add(`"${text.trim()}" in a right-to-left isolate`);
          }
        } else if (el.type === TYPE.plural || el.type === TYPE.select) {
          argument(el.value);
          for (const option of Object.values(el.options)) walk(option.value, stack);
        } else if (el.type === TYPE.tag) {
          walk(el.children, stack);
        } else if ('value' in el) {
          argument(String(el.value));
        }
      }
    };
    walk(parse(message, { ignoreTag: false }), []);
    return [...problems];
  }

  it.each(codes)('%s: isolates are balanced and never cross a plural branch or a tag', (code) => {
    const offenders = offendersIn(code, (_, message) => isolationProblems(message, false).join('; '));
    expect(offenders).toEqual([]);
  });

  it.each(rtlCodes)(
    '%s: every /command, @handle, e-mail, URL and outside value ({bot}, {username}, {name}, {email}…) sits in an isolate',
    (code) => {
      const offenders = offendersIn(code, (_, message) => isolationProblems(message, true).join('; '));
      expect(offenders).toEqual([]);
    },
  );

  it.each(rtlCodes)(
    '%s: no left-to-right isolate holds the page’s own words or values ({date}, {item}, {months}), no right-to-left one a Latin value',
    (code) => {
      const offenders = offendersIn(code, (_, message) => directionProblems(message).join('; '));
      expect(offenders).toEqual([]);
    },
  );

  it.each(rtlCodes)(
    '%s: a title or description shown outside the page (Metadata, link cards) whose first strong letter is Latin starts with RLM',
    (code) => {
      const offenders = offendersIn(code, (key, message) => {
        if (!/^(Metadata\.|LinkOpen\.(pay|team)\.)/.test(key) || message.startsWith('%s')) return false;
        const first = message.replace(/^[\s\p{P}\p{S}\p{N}\u2066-\u2069]*/u, '');
        const latin = first.startsWith('{') || /^\p{Script=Latin}/u.test(first);
        return latin && !message.startsWith(RLM) && 'starts left-to-right';
      });
      expect(offenders).toEqual([]);
    },
  );

  it.each(rtlCodes)(
    '%s: a parenthesis that holds only Latin words holds them in one isolate, joined by no-break spaces (it never wraps with a mirrored bracket)',
    (code) => {
      const offenders = offendersIn(code, (_, message) =>
        [...literalText(message).matchAll(/\(([^()]*)\)/gu)]
          .map(([whole, inside]) => ({ whole, inside: inside! }))
          .filter(({ inside }) => /\p{Script=Latin}/u.test(inside) && !/\p{Script=Arabic}/u.test(inside))
          .filter(({ inside }) => !/^[\u2066\u2068][^\u2066-\u2069 ]*\u2069$/u.test(inside))
          .map(({ whole }) => whole)
          .join(', '),
      );
      expect(offenders).toEqual([]);
    },
  );

  it('knows Urdu is right-to-left', () => expect(rtlCodes).toContain('ur'));
});

describe('policy pages: a translation promises no less than English', () => {
  /**
   * "Only" narrows what a policy says ("we receive only the result"), which is a promise the site
   * may not keep. Each language's restrictive words, counted against English's only, just, solely
   * and "limited to"; languages whose word for "only" also lives in ordinary compounds (vi "địa
   * chỉ", id "saja", ru "только что") are left to the reviewer.
   */
  const restrictive: Record<string, string> = {
    hi: 'केवल|सिर्फ़|सिर्फ|मात्र',
    mr: 'फक्त|केवळ|निव्वळ',
    ur: 'صرف|محض|فقط',
    es: 'solo|sólo|solamente|únicamente',
    pt: 'só|somente|apenas|unicamente',
    fr: 'seulement|uniquement',
    de: 'nur|ausschließlich|lediglich',
  };
  const englishRestrictive = /\b(only|just|solely|exclusively|limited to)\b/giu;
  const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

  it.each(Object.keys(restrictive))('%s: no policy message says "only" more often than English does', (code) => {
    const own = words([restrictive[code]!], 'giu');
    const offenders = offendersIn(code, (key, message) => {
      if (!key.startsWith('Policies.')) return false;
      const theirs = count(literalText(message), own);
      const source = count(literalText(english.get(key)!), englishRestrictive);
      return theirs > source && `${theirs} × "only", English ${source}`;
    });
    expect(offenders).toEqual([]);
  });
});

describe('documents: the site issues receipts and credit notes, and no message promises an invoice', () => {
  /**
   * "Company details for invoices" became "để xuất hóa đơn" and "开票用": for a Vietnamese or Chinese
   * company a VAT invoice (hóa đơn, 发票) is its own legal document, which the site does not issue, and
   * Portuguese clipped "notas fiscais" to "para notas". Each language's word for an invoice, as a noun
   * (French "facture" is also the verb "bills", German "Rechnungsadresse" and Spanish "facturación"
   * name a billing address).
   */
  const invoice: Record<string, RegExp> = {
    en: /\binvoic/iu,
    vi: /hóa đơn/iu,
    zh: /发票|开票/u,
    ja: /請求書/u,
    ko: /청구서|세금계산서/u,
    es: /(?<!\p{L})facturas?(?!\p{L})/iu,
    fr: /(?<!\p{L})(?:une|la|les|des|vos|votre) factures?(?!\p{L})/iu,
    pt: /notas? fisca|(?<!\p{L})faturas?(?!\p{L})|para notas(?!\p{L})/iu,
    de: /(?<!\p{L})Rechnung(?:en)?(?!\p{L})/u,
    id: /(?<!\p{L})faktur(?!\p{L})/iu,
    mr: /इनव्हॉइस|(?<![\p{L}\p{M}])बिलां|(?<![\p{L}\p{M}])बिल(?![\p{L}\p{M}])/u,
    ru: /сч[её]т-фактур|для сч[её]тов/iu,
    hi: /इनवॉइस|चालान|(?<![\p{L}\p{M}])बिल(?![\p{L}\p{M}])/u,
    ur: /انوائس/u,
  };

  it('names every locale', () => expect(Object.keys(invoice).sort()).toEqual([...codes].sort()));

  it.each(codes)('%s: says receipt or credit note, never invoice', (code) => {
    const offenders = offendersIn(code, (_, message) => invoice[code]!.exec(literalText(message))?.[0]);
    expect(offenders).toEqual([]);
  });
});

describe('policy pages: the liability carve-out keeps its two cases', () => {
  /**
   * English: "liability for fraud or for death or personal injury caused by negligence". Written
   * as "death or injury caused by fraud or negligence", fraud as such drops out of what the terms
   * cannot limit. The merged wording, per language where it was found.
   */
  const merged: Record<string, RegExp> = {
    hi: /धोखाधड़ी या लापरवाही/u,
    ur: /دھوکا دہی یا غفلت/u,
  };

  it.each(Object.keys(merged))('%s: names liability for fraud apart from injury caused by negligence', (code) => {
    const clause = localeMessages.get(code)!.get('Policies.terms.sections.liability.body')!;
    expect(merged[code]!.exec(clause)?.[0] ?? null).toBeNull();
  });
});

describe('names that stay in Latin letters', () => {
  const names = ['Telegram', 'Slack', 'Discord', 'VNPay', 'MoMo', 'PayPal', 'Pro'];
  const count = (text: string, name: string) =>
    (text.match(new RegExp(`(?<![\\p{L}\\p{N}])${name}(?![\\p{Ll}\\p{N}])`, 'gu')) ?? []).length;

  it.each(codes.filter((code) => code !== 'en'))(
    '%s: Telegram, Slack, Discord, VNPay, MoMo, PayPal and "Pro" appear in Latin exactly as often as in English',
    (code) => {
      const offenders = offendersIn(code, (key, message) =>
        names
          .filter((name) => count(message, name) !== count(english.get(key)!, name))
          .map((name) => `${name} ×${count(message, name)} (English ×${count(english.get(key)!, name)})`)
          .join(', '),
      );
      expect(offenders).toEqual([]);
    },
  );
});

describe('typography', () => {
  const offenders = (code: string, bad: RegExp) =>
    offendersIn(code, (_, message) => {
      const found = bad.exec(message);
      return found && `…${message.slice(Math.max(0, found.index - 12), found.index + found[0].length + 4)}…`;
    });

  it('French: a narrow no-break space (U+202F) inside « »', () => {
    expect(offenders('fr', /«(?!\u202f)|(?<!\u202f)»/u)).toEqual([]);
  });

  it('German: quotation marks are „…“ only', () => {
    const offending = offendersIn('de', (_, message) => {
      const rest = message.replace(/„[^„“”"]*“/gu, '');
      return /[„“”"«»‚‘]/u.test(rest) && rest;
    });
    expect(offending).toEqual([]);
  });

  it('German: one ellipsis style, a no-break space (U+00A0) before …', () => {
    expect(offenders('de', /(?<!\u00a0)…/u)).toEqual([]);
  });

  it.each(['zh', 'ja'])('%s: full-width punctuation next to CJK (no ASCII , . : ; ! ? ( ) beside it)', (code) => {
    const cjk = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]';
    expect(offenders(code, new RegExp(`${cjk}[,.:;!?()]|[,.:;!?()]${cjk}`, 'u'))).toEqual([]);
  });

  /** Japanese keeps a half-width space around Latin words ("PayPal を"), so "{brand} — …" is its style. */
  it('Chinese: the dash is ——, never a spaced Western —', () => {
    expect(offenders('zh', / — /u)).toEqual([]);
  });

  it('Marathi: ॲ is U+0972, never अ + ZWJ + ॅ', () => {
    expect(offenders('mr', /\u0905\u200d\u0945/u)).toEqual([]);
  });

  it('Hindi: a sentence in Devanagari ends with a danda, not a full stop', () => {
    expect(offenders('hi', /[\u0900-\u097f}]\.(?=\s|$)/u)).toEqual([]);
  });

  it('Urdu: one spelling of براہِ کرم (with the izafat zer)', () => {
    expect(offenders('ur', /براہ کرم/u)).toEqual([]);
  });
});

describe('numbers', () => {
  /**
   * A limit, a count or a price the code holds reaches a message as an argument, so a change in the
   * code changes every language: typed into 14 files ("up to 200 characters"), it would be wrong in
   * all of them after the next change, and nothing would notice. "24/7" names a kind of support, not
   * a value of the code.
   */
  const typedNumberAllowed = new Set(['Plans.features.premiumSupport']);

  it('English types no number into its own words: limits, counts and prices are arguments', () => {
    const offenders = [...english]
      .filter(([key, message]) => !typedNumberAllowed.has(key) && /\d/u.test(literalText(message)))
      .map(([key, message]) => `${key}: ${literalText(message).match(/\d+/gu)!.join(', ')}`);
    expect(offenders).toEqual([]);
  });

  /** Digits of the scripts the translations write numbers in (Latin, Devanagari, Arabic-Indic, full-width), as numbers. */
  const zeros = [0x30, 0x966, 0x660, 0x6f0, 0xff10];
  const typedNumbers = (text: string) =>
    (text.match(/[0-9\u0966-\u096f\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]+/gu) ?? []).map((run) =>
      Number(
        [...run]
          .map((digit) => {
            const point = digit.codePointAt(0)!;
            return point - zeros.find((zero) => point >= zero && point <= zero + 9)!;
          })
          .join(''),
      ),
    );
  const billingLimits = new Set<number>(Object.values(BILLING_LIMITS));

  it.each(codes)('%s: types none of the company details’ limits (BILLING_LIMITS): they are arguments', (code) => {
    const offenders = offendersIn(code, (_, message) =>
      typedNumbers(literalText(message))
        .filter((n) => billingLimits.has(n))
        .join(', '),
    );
    expect(offenders).toEqual([]);
  });

  it.each(codes)('%s: no currency symbol or code is typed into a message (the catalogue formats prices)', (code) => {
    const offenders = offendersIn(code, (_, message) => /[$₫€£¥]|(?<!\p{L})(USD|VND|EUR)(?!\p{L})/u.exec(message)?.[0]);
    expect(offenders).toEqual([]);
  });

  it('English spells out no catalogue value beside the catalogue’s own placeholders ("one month" → {period0Months})', () => {
    const catalogue = /\{(period\d+Months|period\d+Paid|months|blockSize|size|limit|paid|bonus)\b/;
    const spelled =
      /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (months?|members?|quer(y|ies)|blocks?|seats?)\b/i;
    const offenders = [...english].filter(([, message]) => catalogue.test(message) && spelled.test(message));
    expect(offenders.map(([key]) => key)).toEqual([]);
  });
});

describe('components', () => {
  /** Every .tsx (or, with `ts`, every .ts and .tsx) under `dir`. */
  const sources = (dir: string, ts = false): string[] =>
    readdirSync(join(__dirname, '../..', dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name), ts)
        : entry.name.endsWith('.tsx') || (ts && entry.name.endsWith('.ts'))
          ? [join(dir, entry.name)]
          : [],
    );

  it('glue no punctuation or separator to translated text: a label with its value is one message', () => {
    const glued = /\{\s*\w+(?:\.rich)?\([^{}]*\)\s*\}[ \t]*[:：·–—|]|\{\s*['"`]\s*[:：·–—|/]\s*['"`]\s*\}/;
    const offenders = [...sources('components'), ...sources('app')].flatMap((file) =>
      readFileSync(join(__dirname, '../..', file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (glued.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  const offendingLines = (pattern: RegExp) =>
    [...sources('components'), ...sources('app')].flatMap((file) =>
      readFileSync(join(__dirname, '../..', file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          pattern.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );

  it('type no separator between parts ("Team Pro · 7 months"): it comes from a message, Japanese joins with ・', () => {
    // The global not-found page answers paths outside every locale, in English only.
    const offenders = offendingLines(/['"`][^'"`]*[·・•][^'"`]*['"`]|\}\s*[·・•]\s*\{/u).filter(
      (line) => !line.startsWith('app/global-not-found.tsx:'),
    );
    expect(offenders).toEqual([]);
  });

  it('put no value beside a translated label ("{t(\'taxId\')} <bdi>…"): the label and its value are one message', () => {
    expect(offendingLines(/\{\s*\w+\(\s*['"`][\w.]+['"`]\s*\)\s*\}[ \t]+(<bdi|\{)/u)).toEqual([]);
  });

  /**
   * A `{date}` is a day in every message ("refunded on {date}", "{date}に", Urdu's bare right-to-left
   * date), so it is given `useDay()`'s long date and nothing else: a date with its time in it made
   * the payment history say "refunded on November 25, 2026, 10:00 AM" and led the Urdu file to wrap
   * the value as a left-to-right one. A time has its own placeholder ({time}).
   */
  it('give every {date} a day from useDay(), never a date with its time', () => {
    const notADay = /(?:^|[{,])\s*date:(?!\s*day\(|\s*(?:string|Date|number)\b)/;
    const files = [...sources('components', true), ...sources('app', true), ...sources('lib/i18n', true)];
    const offenders = files.flatMap((file) =>
      readFileSync(join(__dirname, '../..', file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          notADay.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
