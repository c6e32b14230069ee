import nextJest from 'next/jest.js';

// next-intl and its dependency chain ship ES modules only; Jest must transform them.
const esmPackages = [
  'next-intl',
  'use-intl',
  'icu-minify',
  'intl-messageformat',
  '@formatjs',
  '@schummar',
  'jose',
  'cockatiel',
  '@readme',
  '@apidevtools',
  '@humanwhocodes',
];

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/tests/setup.ts'],
  // A per-run directory for the migrated PGlite template the store suites load (tests/support/stores.ts).
  globalSetup: '<rootDir>/tests/support/jest-global-setup.mjs',
  globalTeardown: '<rootDir>/tests/support/jest-global-teardown.mjs',
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // `server-only` throws outside React Server Components; tests import server modules directly.
    '^server-only$': '<rootDir>/tests/support/empty-module.ts',
  },
  roots: ['<rootDir>/tests', '<rootDir>/lib', '<rootDir>/components', '<rootDir>/app'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['<rootDir>/e2e/', '<rootDir>/.next', '<rootDir>/node_modules/'],
  modulePathIgnorePatterns: ['<rootDir>/.next', '<rootDir>/.data'],
  testTimeout: 30_000,
};

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  // Next's transformer, wrapped to emit ES modules where Jest loads one (Node 22.12+; tests/support/jest-transform.cjs).
  // Next's config names each transformer with its options.
  const transform = /** @type {Record<string, [string, unknown]>} */ (resolved.transform ?? {});
  resolved.transform = Object.fromEntries(
    Object.entries(transform).map(([pattern, [transformer, options]]) => [
      pattern,
      [
        transformer.endsWith('jest-transformer.js') ? '<rootDir>/tests/support/jest-transform.cjs' : transformer,
        options,
      ],
    ]),
  );
  resolved.transformIgnorePatterns = (resolved.transformIgnorePatterns ?? []).map((pattern) =>
    pattern.replace('/node_modules/(?!.pnpm)(?!(', `/node_modules/(?!.pnpm)(?!(${esmPackages.join('|')}|`),
  );
  return resolved;
}
