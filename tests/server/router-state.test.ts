import fc from 'fast-check';
import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state';
import { isValidRouterState } from '@/lib/server/http/router-state';

/** What Next's renderer does with the header: true when it accepts it, false when it would answer 500. */
function nextAccepts(header: string): boolean {
  try {
    parseAndValidateFlightRouterState(header);
    return true;
  } catch {
    return false;
  }
}

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** Trees shaped like the client router's, with every field sometimes of a wrong type. */
const anything = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}));
const segment = fc.oneof(
  fc.string(),
  fc.tuple(
    fc.string(),
    fc.string(),
    fc.oneof(fc.constantFrom('c', 'd', 'oc', 'ci(..)', 'di(...)'), fc.string()),
    fc.oneof(fc.constant(null), fc.array(fc.string())),
  ),
  anything,
);
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof(
    // The first arbitrary is the leaf, which fast-check picks more often the deeper it is.
    { depthSize: 'small', maxDepth: 4 },
    anything,
    fc
      .tuple(
        segment,
        fc.oneof(fc.dictionary(fc.string(), tie('tree'), { maxKeys: 3 }), anything),
        fc.option(fc.oneof(fc.tuple(fc.string(), fc.string()), anything), { nil: undefined }),
        fc.option(fc.oneof(fc.constantFrom('refetch', 'inside-shared-layout', 'metadata-only'), anything), {
          nil: undefined,
        }),
        fc.option(fc.oneof(fc.integer(), anything), { nil: undefined }),
        fc.option(fc.oneof(fc.string(), anything), { nil: undefined }),
      )
      .map((fields) => {
        // Trailing undefined fields are left out, as JSON.stringify would write them as null.
        const end = fields.findLastIndex((field) => field !== undefined);
        return fields.slice(0, Math.max(2, end + 1));
      }),
  ),
}));

/** Trees the client router could send: every field of the right type. */
const { validTree } = fc.letrec((tie) => ({
  validTree: fc
    .tuple(
      fc.oneof(
        fc.string(),
        fc.tuple(fc.string(), fc.string(), fc.constantFrom('c', 'd', 'oc'), fc.option(fc.array(fc.string()))),
      ),
      fc.oneof({ depthSize: 'small', maxDepth: 3 }, fc.constant({}), fc.dictionary(fc.string(), tie('validTree'))),
      fc.option(fc.tuple(fc.string(), fc.string())),
      fc.option(fc.constantFrom('refetch', 'metadata-only')),
    )
    .map((fields) => (fields[2] === null && fields[3] === null ? fields.slice(0, 2) : fields)),
}));

describe('the Next-Router-State-Tree check', () => {
  it("accepts the client router's own headers", () => {
    const home = ['', { children: ['__PAGE__', {}, null, null] }, null, null, 0];
    const team = [
      '',
      { children: [['locale', 'vi', 'd', null], { children: ['team', { children: ['__PAGE__', {}] }] }] },
      ['/vi/team', '/vi/team'],
      'refetch',
    ];
    for (const state of [home, team]) {
      expect(isValidRouterState(encode(state))).toBe(true);
      expect(nextAccepts(encode(state))).toBe(true);
    }
  });

  it.each([
    ['garbage', '%%%garbage'],
    ['empty', ''],
    ['not JSON', encodeURIComponent('{children')],
    ['a JSON object', encode({ children: [] })],
    ['a JSON number', encode(1)],
    ['an empty array', encode([])],
    ['an unknown dynamic param type', encode([['locale', 'vi', 'x', null], {}])],
    ['longer than Next allows', encode(['', { children: ['x'.repeat(40_000), {}] }])],
  ])('refuses %s, as Next would', (_name, header) => {
    expect(isValidRouterState(header)).toBe(false);
    expect(nextAccepts(header)).toBe(false);
  });

  it("agrees with the installed Next's own parser on random trees and strings", () => {
    const outcomes = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(
        fc.oneof(
          validTree.map(encode),
          tree.map(encode),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.string().map(encodeURIComponent),
        ),
        (header) => {
          const accepted = nextAccepts(header);
          outcomes[accepted ? 'accepted' : 'refused'] += 1;
          return isValidRouterState(header) === accepted;
        },
      ),
      { numRuns: 3_000 },
    );
    // Both sides of the rule were exercised, not only garbage.
    expect(outcomes.accepted).toBeGreaterThan(200);
    expect(outcomes.refused).toBeGreaterThan(200);
  });
});
