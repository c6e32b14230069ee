import { POST as checkout } from '@/app/api/checkout/route';
import { resetRateLimits } from '@/lib/server/testing';
import { loadPayView } from '@/lib/server/pay/load-pay-view';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, bob, checkoutPost, sessionCookie } from '../support/money';

const team25 = { plan: 'team_pro', period: 'period1', seats: 25, gateway: 'vnpay', method: 'qr' };
const individual = { plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' };
/** ivan (1009) is a blocked member of Acme Growth in the demo data. */
const ivan = { platform: 'telegram', userId: '1009', teamId: '-1002001' } as const;
const FSI = '\u2068';
const PDI = '\u2069';

describe.each(storeKinds)('Team Pro is bought by the team’s admins only, on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const orderCount = async () =>
    (await store().sql.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]!.n;
  const post = async (subject: { platform: 'telegram'; userId: string; teamId: string }, body: object, locale = 'en') =>
    checkout(checkoutPost(body, { cookie: await sessionCookie(subject), 'accept-language': locale }));

  it('refuses a plain member’s Team Pro checkout (403, translated, naming the admin) and makes no order', async () => {
    const english = await post(bob, team25);
    expect(english.status).toBe(403);
    expect(await english.json()).toEqual({
      error: {
        code: 'team_admin_required',
        message: `Only your team's admins can pay for Team Pro. Ask an admin: ${FSI}Alice Nguyen${PDI}.`,
      },
    });
    const german = await post(bob, team25, 'de');
    expect(german.status).toBe(403);
    expect(((await german.json()) as { error: { message: string } }).error.message).toBe(
      `Nur die Admins Ihres Teams können Team Pro bezahlen. Bitten Sie einen Admin: ${FSI}Alice Nguyen${PDI}.`,
    );
    expect(await orderCount()).toBe(0);
  });

  it('refuses a blocked member too, and a member of a team without an active admin is told to ask one', async () => {
    expect((await post(ivan, team25)).status).toBe(403);
    await store().sql.query(`UPDATE team_members SET role = 'member' WHERE user_id = '1001'`);
    const response = await post(bob, { ...team25, period: 'period0' }, 'vi');
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Chỉ quản trị viên của nhóm bạn mới có thể thanh toán gói Team Pro. Hãy nhờ một quản trị viên của nhóm bạn.',
    );
    expect(await orderCount()).toBe(0);
  });

  it('lets a member buy their own plan from the team’s chat, and the team’s admin buy Team Pro', async () => {
    await store().sql.query(`UPDATE accounts SET plan = 'free', plan_expires_at = NULL WHERE user_id = '1002'`);
    expect((await post(bob, individual)).status).toBe(200);
    expect((await post(alice, team25)).status).toBe(200);
    expect(await orderCount()).toBe(2);
  });

  it('refuses an admin who has been blocked', async () => {
    await store().sql.query(`UPDATE team_members SET status = 'blocked' WHERE user_id = '1001'`);
    expect((await post(alice, team25)).status).toBe(403);
    expect(await orderCount()).toBe(0);
  });

  it('tells the pay form of a member, and only of a member, whom to ask instead of letting them pay Team Pro', async () => {
    expect(await loadPayView(bob, {}, new Date())).toMatchObject({
      kind: 'form',
      form: { teamAdminsOnly: { admins: ['Alice Nguyen'] } },
    });
    expect(await loadPayView(ivan, {}, new Date())).toMatchObject({
      form: { teamAdminsOnly: { admins: ['Alice Nguyen'] } },
    });
    const admin = await loadPayView(alice, {}, new Date());
    expect(admin.kind === 'form' && admin.form.teamAdminsOnly).toBe(undefined);
    const teamless = await loadPayView({ platform: 'telegram', userId: bob.userId }, {}, new Date());
    expect(teamless.kind === 'form' && teamless.form.teamAdminsOnly).toBe(undefined);
  });
});
