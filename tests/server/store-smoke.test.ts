import { storeKinds, useTestStore } from '../support/stores';

describe.each(storeKinds)('embedded store on %s', (kind) => {
  const store = useTestStore(kind);
  it('seeds the demo accounts of PRODUCT §10', async () => {
    const bob = await store().backend.loadPayContext({ platform: 'telegram', userId: '1002', teamId: '-1002001' });
    expect(bob?.account.fullName).toBe('Bob Tran');
    expect(bob?.account.plan).toBe('individual_pro');
    expect(bob?.team).toMatchObject({ name: 'Acme Growth', plan: 'team_pro', seats: 10, memberCount: 8 });
  });
});
