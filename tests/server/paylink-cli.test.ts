import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { parsePaylinkArgs, type PaylinkOptions } from '@/lib/server/cli/paylink-options';
import { linkUrl } from '@/lib/server/links/link-url';
import { verifyPaylink, DEFAULT_LINK_LIFETIME_SECONDS } from '@/lib/server/session/paylink';
import { localeTable } from '@/lib/i18n/locales';
import { useTestStore } from '../support/stores';
import { openLinkInBrowser } from '../support/open-link';

const base = ['--platform', 'telegram', '--user', '1002'];
function options(...extra: string[]): PaylinkOptions {
  const command = parsePaylinkArgs([...base, ...extra]);
  if (!('options' in command)) throw new Error(`expected options, got ${JSON.stringify(command)}`);
  return command.options;
}
const errorOf = (...argv: string[]) => {
  const command = parsePaylinkArgs(argv);
  return 'error' in command ? command.error : undefined;
};
const mint = async (...extra: string[]) => {
  const { claims, locale, lifetimeSeconds } = options(...extra);
  return new URL(await linkUrl(claims, locale, { lifetimeSeconds }));
};

describe('npm run paylink', () => {
  useTestStore('pglite');

  it('--help prints every option and exits 0, without minting a link', () => {
    const root = join(__dirname, '..', '..');
    const dataDir = mkdtempSync(join(tmpdir(), 'paylink-help-'));
    const out = execFileSync(
      join(root, 'node_modules', '.bin', 'tsx'),
      ['--conditions=react-server', 'lib/server/cli/paylink.ts', '--help'],
      { cwd: root, encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir } },
    );
    rmSync(dataDir, { recursive: true, force: true });
    for (const flag of ['--platform', '--user', '--team', '--aud', '--locale', '--ttl', '--help']) {
      expect(out).toContain(flag);
    }
    expect(out).not.toMatch(/\?t=/);
  });

  it.each(localeTable.map((row) => [row.code, row.prefix]))(
    '--locale takes the language code %s and its URL prefix %s alike, and the link carries the prefix',
    async (code, prefix) => {
      expect(options('--locale', code).locale).toBe(code);
      expect(options('--locale', prefix).locale).toBe(code);
      const path = (await mint('--locale', prefix)).pathname;
      expect(path).toBe(code === 'en' ? '/pay' : `/${prefix}/pay`);
    },
  );

  it('--locale jp and --locale ja mint the same Japanese link (/jp/pay)', async () => {
    expect((await mint('--locale', 'jp')).pathname).toBe('/jp/pay');
    expect((await mint('--locale', 'ja')).pathname).toBe('/jp/pay');
  });

  it('--locale refuses what is neither a code nor a prefix, naming both forms', () => {
    expect(errorOf(...base, '--locale', 'xx')).toMatch(/ja \(or jp\)/);
    expect(errorOf(...base, '--locale', 'ja-JP')).toMatch(/--locale/);
  });

  it('without --ttl a link lives the default lifetime; --ttl 600 makes it live 600 s', async () => {
    const lifetime = async (...extra: string[]) => {
      const { iat, exp } = decodeJwt((await mint(...extra)).searchParams.get('t')!);
      return exp! - iat!;
    };
    expect(await lifetime()).toBe(DEFAULT_LINK_LIFETIME_SECONDS);
    expect(await lifetime('--ttl', '600')).toBe(600);
  });

  it('a negative --ttl mints a link that has already expired: the site refuses it as expired', async () => {
    const url = await mint('--ttl', '-3600', '--team', '-1002001');
    const token = url.searchParams.get('t')!;
    expect(await verifyPaylink(token, 'pay')).toEqual({ ok: false, reason: 'expired' });
    const response = await openLinkInBrowser(url.href);
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!, url).searchParams.get('link')).toBe('expired');
  });

  it('--ttl refuses a lifetime the site would refuse, and one within its clock tolerance that is neither valid nor expired', () => {
    expect(errorOf(...base, '--ttl', String(7 * 24 * 3600 + 1))).toMatch(/at most/);
    expect(errorOf(...base, '--ttl', '0')).toMatch(/-31 or less/);
    expect(errorOf(...base, '--ttl', '-30')).toMatch(/-31 or less/);
    expect(errorOf(...base, '--ttl', '1.5')).toMatch(/whole number/);
    expect(errorOf(...base, '--ttl', '-31')).toBeUndefined();
  });

  it('takes negative team ids as values, and refuses unknown or valueless flags', () => {
    expect(options('--team', '-1002001').claims.team).toBe('-1002001');
    expect(errorOf(...base, '--colour', 'red')).toMatch(/unknown argument --colour/);
    expect(errorOf(...base, '--team')).toMatch(/--team needs a value/);
    expect(errorOf('--user', '1')).toMatch(/--platform/);
  });
});
