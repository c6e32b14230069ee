import { lintProbes } from '../support/lint-probes';

/*
 * Every component stays small enough to read in one go (eslint.config.mjs: at most 120 lines a
 * function, blank lines and comments aside), wherever it lives: the pay and team pages' components,
 * the layout's, the landing's, and the pages and layouts under app/. Each probe is linted as if it
 * were a file at that path, by the repository's own ESLint configuration; only that rule runs.
 */

/** A component of `lines` lines of markup (each counted: no blank line, no comment). */
const component = (lines: number) =>
  `export function Probe() {\n  return (\n    <div>\n${'      <p>line</p>\n'.repeat(lines - 6)}    </div>\n  );\n}\n`;

/** The rule's messages for each probe (`[file, code]`), in one ESLint run. */
const sizeMessages = (probes: Array<[string, string]>) =>
  lintProbes(
    probes.map(([file, code]) => ({ file, code })),
    ['max-lines-per-function'],
  );

const places = [
  'components/pay/probe.tsx',
  'components/team/probe.tsx',
  'components/layout/probe.tsx',
  'components/landing/probe.tsx',
  'components/policy/probe.tsx',
  'app/[locale]/probe/page.tsx',
];

describe('every component stays under 120 lines', () => {
  const tooLong = sizeMessages(places.map((file) => [file, component(121)]));
  const justRight = sizeMessages(places.map((file) => [file, component(120)]));

  it.each(places.map((file, index) => [file, index] as const))('a 121-line component is refused in %s', (_, index) => {
    expect(tooLong[index]).toEqual([expect.stringMatching(/^max-lines-per-function: .*\(121\)/)]);
  });

  it('a 120-line component passes everywhere', () => {
    expect(justRight).toEqual(places.map(() => []));
  });
});
