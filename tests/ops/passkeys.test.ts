import { POST as enrolOptionsRoute } from '@/app/api/ops/enrol/options/route';
import { POST as enrolVerifyRoute } from '@/app/api/ops/enrol/verify/route';
import { POST as signInOptionsRoute } from '@/app/api/ops/sign-in/options/route';
import { POST as signInVerifyRoute } from '@/app/api/ops/sign-in/verify/route';
import { POST as stepUpOptionsRoute } from '@/app/api/ops/step-up/options/route';
import { POST as stepUpVerifyRoute } from '@/app/api/ops/step-up/verify/route';
import { env } from '@/lib/server/env';
import { inviteOperator, revokeOperator } from '@/lib/server/ops/operators';
import { opsCookieName } from '@/lib/server/ops/session';
import { SoftPasskey } from '../support/soft-passkey';
import { opsRequest, resetOps, uniqueName } from '../support/ops';
import { storeKinds, useTestStore } from '../support/stores';

/*
 * Passkeys are the one way in: an invitation enrols one once, the passkey then signs in, and a
 * step-up proves it again inside a session — each ceremony against a software authenticator.
 */
describe.each(storeKinds)('operator passkeys on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(() => resetOps(store().sql));

  const tokenOf = (link: string) => new URL(link).hash.slice(1);
  const cookieFrom = (response: Response) => {
    const set = response.headers.get('set-cookie') ?? '';
    const match = new RegExp(`${opsCookieName()}=([^;]+)`).exec(set);
    return match ? `${opsCookieName()}=${match[1]}` : '';
  };

  async function enrol(role: 'viewer' | 'refunder' = 'refunder') {
    const name = uniqueName('ana');
    const invited = await inviteOperator({ name, role, by: 'test' });
    if (!invited.ok) throw new Error('invite failed');
    const token = tokenOf(invited.link);
    const passkey = new SoftPasskey(env().siteOrigin);
    const options = (await (
      await enrolOptionsRoute(opsRequest('/api/ops/enrol/options', { body: { token } }))
    ).json()) as {
      challengeId: string;
      options: Parameters<SoftPasskey['register']>[0];
    };
    const verified = await enrolVerifyRoute(
      opsRequest('/api/ops/enrol/verify', {
        body: { token, challengeId: options.challengeId, response: passkey.register(options.options) },
      }),
    );
    return { name, token, passkey, verified };
  }

  async function signIn(passkey: SoftPasskey, assertOptions?: { userVerified?: boolean }) {
    const { challengeId, options } = (await (
      await signInOptionsRoute(opsRequest('/api/ops/sign-in/options', { body: {} }))
    ).json()) as { challengeId: string; options: { challenge: string; rpId: string } };
    return signInVerifyRoute(
      opsRequest('/api/ops/sign-in/verify', {
        body: { challengeId, response: passkey.assert(options, assertOptions) },
      }),
    );
  }

  it('an invitation link carries its token in the fragment, under SITE_URL, and enrols a passkey that opens a session', async () => {
    const invited = await inviteOperator({ name: uniqueName('linh'), by: 'test' });
    expect(invited).toMatchObject({ ok: true, role: 'viewer', created: true });
    expect((invited as { link: string }).link).toMatch(new RegExp(`^${env().SITE_URL}/ops/enrol#[A-Za-z0-9_-]{43}$`));
    const { verified } = await enrol();
    expect(verified.status).toBe(200);
    const cookie = verified.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=strict/i);
    expect(await verified.json()).toEqual({ operator: { name: expect.any(String), role: 'refunder' } });
  });

  it('an invitation enrols once: a second enrolment with the same link is refused (410)', async () => {
    const { token } = await enrol();
    const again = await enrolOptionsRoute(opsRequest('/api/ops/enrol/options', { body: { token } }));
    expect(again.status).toBe(410);
    expect((await again.json()).error.code).toBe('invitation_invalid');
  });

  it('an enrolled passkey signs in; one that verified no user (no PIN, no biometric) does not', async () => {
    const { passkey } = await enrol();
    const signedIn = await signIn(passkey);
    expect(signedIn.status).toBe(200);
    expect(cookieFrom(signedIn)).not.toBe('');
    const unverified = await signIn(passkey, { userVerified: false });
    expect(unverified.status).toBe(401);
    expect(cookieFrom(unverified)).toBe('');
  });

  it('a passkey the site never enrolled signs nobody in', async () => {
    const stranger = new SoftPasskey(env().siteOrigin);
    stranger.register({ challenge: 'x', rp: {}, user: { id: 'AAAA' } });
    expect((await signIn(stranger)).status).toBe(401);
  });

  it('a revoked operator’s passkey signs nobody in', async () => {
    const { name, passkey } = await enrol();
    await revokeOperator({ name, by: 'test' });
    expect((await signIn(passkey)).status).toBe(401);
  });

  it('a challenge answers once: the same signed answer replayed is refused', async () => {
    const { passkey } = await enrol();
    const { challengeId, options } = (await (
      await signInOptionsRoute(opsRequest('/api/ops/sign-in/options', { body: {} }))
    ).json()) as { challengeId: string; options: { challenge: string } };
    const response = passkey.assert(options);
    const body = { challengeId, response };
    expect((await signInVerifyRoute(opsRequest('/api/ops/sign-in/verify', { body }))).status).toBe(200);
    expect((await signInVerifyRoute(opsRequest('/api/ops/sign-in/verify', { body }))).status).toBe(409);
  });

  it('a step-up proves the session’s own passkey again', async () => {
    const { passkey, verified } = await enrol();
    const cookie = cookieFrom(verified);
    const { challengeId, options } = (await (
      await stepUpOptionsRoute(opsRequest('/api/ops/step-up/options', { body: {}, cookie }))
    ).json()) as { challengeId: string; options: { challenge: string } };
    const answer = await stepUpVerifyRoute(
      opsRequest('/api/ops/step-up/verify', { body: { challengeId, response: passkey.assert(options) }, cookie }),
    );
    expect(answer.status).toBe(200);
  });

  it('another operator’s passkey does not step up this session', async () => {
    const first = await enrol();
    const second = await enrol();
    const cookie = cookieFrom(first.verified);
    const { challengeId, options } = (await (
      await stepUpOptionsRoute(opsRequest('/api/ops/step-up/options', { body: {}, cookie }))
    ).json()) as { challengeId: string; options: { challenge: string } };
    const answer = await stepUpVerifyRoute(
      opsRequest('/api/ops/step-up/verify', {
        body: { challengeId, response: second.passkey.assert(options) },
        cookie,
      }),
    );
    expect(answer.status).toBe(401);
  });
});
