import en from '@/messages/en.json';
import { policySections } from '@/lib/config/policies';
import { policyPages } from '@/lib/config/pages';

type PolicyMessages = { intro: string; sections: Record<string, { title: string; body: string }> };
const policies = en.Policies as unknown as Record<string, PolicyMessages>;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('policy pages', () => {
  it.each(policyPages)('%s: the section list and the English messages name the same sections, in order', (page) => {
    expect(Object.keys(policies[page]!.sections)).toEqual([...policySections[page]]);
  });

  it.each(policyPages)('%s has at least 600 words of English text', (page) => {
    const { intro, sections } = policies[page]!;
    const total = words(intro) + Object.values(sections).reduce((n, s) => n + words(s.title) + words(s.body), 0);
    expect(total).toBeGreaterThanOrEqual(600);
  });

  it('the payment policy names every gateway, both currencies and the forfeited individual time', () => {
    const text = JSON.stringify(policies.paymentPolicy);
    for (const word of ['VNPay', 'MoMo', 'PayPal', 'dong', 'US dollars', 'forfeited', 'subscription'])
      expect(text).toContain(word);
  });

  it('every page that mentions support gives the support address by placeholder', () => {
    for (const page of policyPages) expect(JSON.stringify(policies[page])).toContain('{email}');
  });
});
