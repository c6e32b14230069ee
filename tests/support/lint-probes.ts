import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../..');

/** Code linted as if it were a file at `file`. */
export interface LintProbe {
  file: string;
  code: string;
}

/**
 * The messages of the named rules for each probe, linted by the repository's own ESLint
 * configuration in one run (`ruleId: message`, or `parse: …`). ESLint runs in a child process
 * because it is an ES module Jest's transform does not load. The probes are no files on disk, so
 * there is no type information: the rules probed need none.
 */
export function lintProbes(probes: LintProbe[], ruleIds: readonly string[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const [probes, ruleIds] = JSON.parse(process.argv[1]);
    const eslint = new ESLint({
      cwd: process.cwd(),
      ruleFilter: ({ ruleId }) => ruleIds.includes(ruleId),
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    });
    const out = [];
    for (const { file, code } of probes) {
      const [result] = await eslint.lintText(code, { filePath: file });
      out.push(result.messages.map((m) => (m.ruleId ?? 'parse') + ': ' + m.message));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify([probes, ruleIds])],
    { cwd: root, encoding: 'utf8' },
  );
  return JSON.parse(output) as string[][];
}
