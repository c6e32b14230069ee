import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';

/** Code that runs in the browser, or is shared with it: none of it may reach into lib/server. */
const fenced = [
  'components/**',
  'lib/client/**',
  'lib/shared/**',
  'lib/pricing/**',
  'lib/i18n/**',
  'lib/config/**',
  'lib/security/**',
];

/**
 * A `server` folder in any spelling of a path of this repository: relative (`../server/env`), through
 * the `@/` alias (`@/lib/server/db`) or from the root (`lib/server`). Packages' own `server` entries
 * (`next/server`, `next-intl/server`) are other modules and stay allowed.
 */
const serverPath = String.raw`^(?:\.{1,2}/|@/|lib/)(?:[^/]+/)*server(?:/|$)`;

function fence() {
  return {
    // Request schemas are server code: zod is 90 KB gzip of a page's first load (and probes for
    // `new Function`, an eval the strict CSP blocks). Shared modules hold types and rules only.
    paths: [
      {
        name: 'zod',
        message: 'Schemas live in lib/server; browser code and shared modules import types only.',
        allowTypeImports: true,
      },
    ],
    patterns: [
      {
        regex: serverPath,
        message: 'lib/server is server-only; a type both sides need is written in lib/shared.',
      },
    ],
  };
}

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      '.data/**',
      '.data-*/**',
      'node_modules/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
      '.test-logs/**',
      'public/**',
      'bench/results/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Server code stays on the server: client components and shared libraries may not import it,
    // not even its types: what both sides name is written in lib/shared.
    files: fenced,
    rules: {
      'no-restricted-imports': ['error', fence()],
      // import() is no import declaration: the same paths, for the one rule that sees it.
      'no-restricted-syntax': [
        'error',
        {
          // esquery's regular expressions cannot hold a slash: \x2F stands for it.
          selector: `ImportExpression[source.value=/${serverPath.replaceAll('/', '\\x2F')}/]`,
          message: 'lib/server is server-only; a type both sides need is written in lib/shared.',
        },
      ],
    },
  },
  {
    // Every component stays small enough to read in one go: one that grows past this is split into
    // its parts and a hook (the pay form: components/pay/checkout-*.tsx, use-checkout.ts; the team's
    // members: member-section.tsx, member-table.tsx). Pages and layouts under app/ are components too.
    files: ['components/**/*.tsx', 'app/**/*.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
];

export default config;
