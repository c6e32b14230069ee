import { lintProbes, type LintProbe } from '../support/lint-probes';

/*
 * The server-code fence (eslint.config.mjs): code that runs in the browser or is shared with it
 * imports nothing from lib/server, in any spelling of the path and not even a type, and no zod
 * at run time. Each case is linted as if it were a file at that path, by the repository's own
 * ESLint configuration; only the fence's rule runs.
 */

/** The fence's messages for each probe, in one ESLint run. */
const fenceMessages = (probes: LintProbe[]) => lintProbes(probes, ['no-restricted-imports', 'no-restricted-syntax']);

const reported = (messages: string[]) => messages.some((m) => /^no-restricted-(imports|syntax):/.test(m));

describe('the server-code fence', () => {
  const refused: LintProbe[] = [
    { file: 'lib/shared/probe.ts', code: "import { env } from '../server/env';\nexport const a = env;\n" },
    { file: 'lib/shared/probe.ts', code: "import type { Env } from '../server/env';\nexport type A = Env;\n" },
    {
      file: 'lib/shared/probe.ts',
      code: "import { ledgerSql } from '@/lib/server/db';\nexport const a = ledgerSql;\n",
    },
    { file: 'lib/shared/probe.ts', code: "export type { Subject } from '@/lib/server/directory';\n" },
    { file: 'components/pay/probe.tsx', code: "import { env } from '../../lib/server/env';\nexport const a = env;\n" },
    {
      file: 'components/pay/probe.tsx',
      code: "import type { PayContext } from '@/lib/server/directory';\nexport type A = PayContext;\n",
    },
    { file: 'components/pay/probe.tsx', code: "import * as server from 'lib/server';\nexport const a = server;\n" },
    { file: 'lib/i18n/probe.ts', code: "export const load = () => import('@/lib/server/env');\n" },
    { file: 'components/pay/probe.tsx', code: "export const load = () => import('../../lib/server/db');\n" },
    { file: 'lib/security/probe.mjs', code: "import { env } from '../server/env';\nexport const a = env;\n" },
    {
      file: 'lib/pricing/probe.ts',
      code: "import { findGateway } from '../server/payments/registry';\nexport const a = findGateway;\n",
    },
    { file: 'lib/shared/probe.ts', code: "import { z } from 'zod';\nexport const a = z.string();\n" },
  ];
  const allowed: LintProbe[] = [
    {
      file: 'components/pay/probe.tsx',
      code: "import type { PayPageView } from '@/lib/shared/pay-view';\nexport type A = PayPageView;\n",
    },
    {
      file: 'lib/i18n/probe.ts',
      code: "import { NextResponse } from 'next/server';\nexport const a = NextResponse;\n",
    },
    {
      file: 'lib/i18n/probe.ts',
      code: "import { getTranslations } from 'next-intl/server';\nexport const a = getTranslations;\n",
    },
    { file: 'lib/shared/probe.ts', code: "import type { ZodType } from 'zod';\nexport type A = ZodType;\n" },
    {
      file: 'lib/server/probe.ts',
      code: "import { ledgerSql } from '@/lib/server/db';\nexport const a = ledgerSql;\n",
    },
  ];
  const messages = fenceMessages([...refused, ...allowed]);

  it.each(refused.map((probe, i) => [probe.file, probe.code.split('\n')[0], i] as const))(
    'reports %s: %s',
    (_file, _line, i) => {
      expect(reported(messages[i]!)).toBe(true);
    },
  );

  it.each(allowed.map((probe, i) => [probe.file, probe.code.split('\n')[0], refused.length + i] as const))(
    'lets %s: %s through',
    (_file, _line, i) => {
      expect(messages[i]).toEqual([]);
    },
  );
});
