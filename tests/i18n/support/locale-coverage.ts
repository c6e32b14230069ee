import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The codes of a locale table, as tests/i18n/messages.test.ts holds every row to its translation. */
type Table = readonly { code: string }[];

const root = join(__dirname, '../../..');

/**
 * What the messages directory lacks for `table` (a row without `messages/<code>.json`) and holds
 * beyond it (a file without a row).
 */
export function messageFileGaps(table: Table): { missing: string[]; extra: string[] } {
  const files = readdirSync(join(root, 'messages'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''));
  const codes = table.map((row) => row.code);
  return {
    missing: codes.filter((code) => !files.includes(code)).sort(),
    extra: files.filter((file) => !codes.includes(file)).sort(),
  };
}

/** `concept.code` for each glossary concept that names no term for a row of `table`. */
export function missingGlossaryTerms(table: Table): string[] {
  const glossary = JSON.parse(readFileSync(join(root, 'lib/i18n/glossary.json'), 'utf8')) as {
    concepts: Record<string, { locales: Record<string, { term?: string }> }>;
  };
  return Object.entries(glossary.concepts).flatMap(([name, concept]) =>
    table.filter((row) => !concept.locales[row.code]?.term).map((row) => `${name}.${row.code}`),
  );
}
