import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';

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
    // Server code stays on the server: client components and shared libraries may not import it.
    files: ['components/**', 'lib/client/**', 'lib/shared/**', 'lib/pricing/**', 'lib/i18n/**', 'lib/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
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
            // Types describe data, not code: a component may name the shape of what the server hands it.
            {
              group: ['@/lib/server/*', '**/lib/server/*'],
              message: 'lib/server is server-only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The pay page's components stay small enough to read in one go: a form that grows past this is
    // split into its choices, its summary and a hook (components/pay/checkout-*.tsx, use-checkout.ts).
    files: ['components/pay/**/*.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
];

export default config;
