import { GET as ordersRoute } from '@/app/api/ops/orders/route';
import { POST as enrolOptionsRoute } from '@/app/api/ops/enrol/options/route';
import { POST as enrolVerifyRoute } from '@/app/api/ops/enrol/verify/route';
import { POST as inviteRoute } from '@/app/api/ops/operators/invite/route';
import { POST as revokeRoute } from '@/app/api/ops/operators/revoke/route';
import { env } from '@/lib/server/env';
import { STEP_UP_MINUTES } from '@/lib/server/ops/session';
import { SoftPasskey } from '../support/soft-passkey';
import { actionKey, operatorSession, opsRequest, resetOps, uniqueName } from '../support/ops';
import { storeKinds, useTestStore } from '../support/stores';

/*
 * Operators are managed from the console while the site runs (an embedded deployment's database is
 * the running server's alone): an admin invites and revokes, after proving the passkey again; no
 * other role can, and the invitation's link is shown once, never stored with the action's answer.
 */
describe.each(storeKinds)('managing operators from the console on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(() => resetOps(store().sql));

  const invite = (cookie: string, name: string, role = 'viewer', key = actionKey()) =>
    inviteRoute(opsRequest('/api/ops/operators/invite', { cookie, body: { key, name, role } }));
  const revoke = (cookie: string, name: string, key = actionKey()) =>
    revokeRoute(opsRequest('/api/ops/operators/revoke', { cookie, body: { key, name } }));
  const codeOf = async (response: Response) => ((await response.json()) as { error?: { code: string } }).error?.code;

  it('an admin’s invitation link enrols a passkey for the new operator, who signs in with the role chosen', async () => {
    const { cookie } = await operatorSession('admin');
    const name = uniqueName('minh');
    const answer = await invite(cookie, name, 'refunder');
    expect(answer.status).toBe(200);
    const { link, done } = (await answer.json()) as { link: string; done: string };
    expect(done).toBe('invited');
    expect(link).toMatch(new RegExp(`^${env().SITE_URL}/ops/enrol#[A-Za-z0-9_-]{43}$`));
    const token = new URL(link).hash.slice(1);
    const passkey = new SoftPasskey(env().siteOrigin);
    const options = (await (
      await enrolOptionsRoute(opsRequest('/api/ops/enrol/options', { body: { token } }))
    ).json()) as { challengeId: string; options: Parameters<SoftPasskey['register']>[0] };
    const enrolled = await enrolVerifyRoute(
      opsRequest('/api/ops/enrol/verify', {
        body: { token, challengeId: options.challengeId, response: passkey.register(options.options) },
      }),
    );
    expect(await enrolled.json()).toEqual({ operator: { name, role: 'refunder' } });
  });

  it('a viewer and a refunder may not invite or revoke (403 admin_required), and nothing changes', async () => {
    const target = await operatorSession('viewer');
    for (const role of ['viewer', 'refunder'] as const) {
      const { cookie } = await operatorSession(role);
      const invited = await invite(cookie, uniqueName('eve'), 'admin');
      expect(invited.status).toBe(403);
      expect(await codeOf(invited)).toBe('admin_required');
      const revoked = await revoke(cookie, target.name);
      expect(revoked.status).toBe(403);
    }
    expect((await ordersRoute(opsRequest('/api/ops/orders', { cookie: target.cookie }))).status).toBe(200);
    const invitations = await store().sql.query("SELECT 1 FROM operator_invitations WHERE created_by LIKE 'console:%'");
    expect(invitations.rows).toHaveLength(0);
  });

  it(`inviting or revoking ${STEP_UP_MINUTES}+ minutes after the last passkey proof asks for the passkey again`, async () => {
    const { cookie } = await operatorSession('admin', { signedInMinutesAgo: STEP_UP_MINUTES + 1 });
    const target = await operatorSession('viewer');
    expect(await codeOf(await invite(cookie, uniqueName('eve')))).toBe('step_up_required');
    expect(await codeOf(await revoke(cookie, target.name))).toBe('step_up_required');
    expect((await ordersRoute(opsRequest('/api/ops/orders', { cookie: target.cookie }))).status).toBe(200);
  });

  it('a cross-site invitation is refused before anything is read', async () => {
    const { cookie } = await operatorSession('admin');
    const response = await inviteRoute(
      opsRequest('/api/ops/operators/invite', {
        cookie,
        body: { key: actionKey(), name: uniqueName('eve'), role: 'admin' },
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      }),
    );
    expect(response.status).toBe(403);
    expect(await codeOf(response)).toBe('forbidden');
  });

  it('one key sent twice makes one invitation; the repeat says so without the link, which is never stored', async () => {
    const { cookie } = await operatorSession('admin');
    const key = actionKey();
    const name = uniqueName('lan');
    const [first, second] = await Promise.all([
      invite(cookie, name, 'viewer', key),
      invite(cookie, name, 'viewer', key),
    ]);
    const answers = [await first.json(), await second.json()] as Array<{ link?: string; error?: { code: string } }>;
    expect(answers.filter((answer) => answer.link)).toHaveLength(1);
    const again = (await (await invite(cookie, name, 'viewer', key)).json()) as { replayed: boolean; link?: string };
    expect(again.replayed).toBe(true);
    expect(again.link).toBeUndefined();
    const invitations = await store().sql.query(
      'SELECT 1 FROM operator_invitations i JOIN operators o ON o.id = i.operator_id WHERE o.name = $1',
      [name],
    );
    expect(invitations.rows).toHaveLength(1);
    const stored = await store().sql.query<{ result: unknown }>('SELECT result FROM operator_actions WHERE key = $1', [
      key,
    ]);
    expect(JSON.stringify(stored.rows)).not.toMatch(/enrol#/);
  });

  it('revoking ends the operator’s sessions at once and is in the audit log under the admin’s name', async () => {
    const admin = await operatorSession('admin');
    const target = await operatorSession('refunder');
    const answer = await revoke(admin.cookie, target.name);
    expect(answer.status).toBe(200);
    expect((await ordersRoute(opsRequest('/api/ops/orders', { cookie: target.cookie }))).status).toBe(401);
    const audit = await store().sql.query<{ actor: string }>(
      "SELECT actor FROM operator_audit WHERE action = 'operator_revoked' AND detail->>'operator' = $1",
      [target.name],
    );
    expect(audit.rows).toEqual([{ actor: `console:${admin.name}` }]);
    // Revoked: the name cannot be invited again, and revoking it again finds no active operator.
    expect(await codeOf(await invite(admin.cookie, target.name))).toBe('operator_revoked');
    expect(await codeOf(await revoke(admin.cookie, target.name))).toBe('operator_not_found');
  });

  it('an admin cannot revoke themselves (the last admin would lock everyone out)', async () => {
    const admin = await operatorSession('admin');
    expect(await codeOf(await revoke(admin.cookie, admin.name))).toBe('revoke_self');
    expect((await ordersRoute(opsRequest('/api/ops/orders', { cookie: admin.cookie }))).status).toBe(200);
  });
});
