import { test, expect, type Locator, type Page } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';

/**
 * The company details asked before paying: each label sits above its own box on a phone and on a
 * desktop, in a left-to-right and a right-to-left language; a detail that breaks its rule is
 * pointed at with the keyboard on it, and nothing is sent.
 */
const hana = { user: '1008' };

async function openCompanyDetails(page: Page, locale: 'vi' | 'de' | 'ur') {
  await openLink(page, await payLink({ ...hana, prefix: `/${locale}` }));
  const disclosure = page.getByTestId('plan-form').getByTestId('checkout-company');
  await disclosure.locator('summary').click();
  return disclosure;
}

/** The label's box ends above its field's box, and both start at the same edge of the form. */
async function expectLabelAbove(label: Locator, field: Locator) {
  const [l, f] = [await label.boundingBox(), await field.boundingBox()];
  expect(l && f).toBeTruthy();
  expect(l!.y + l!.height).toBeLessThanOrEqual(f!.y + 1);
  expect(f!.y - (l!.y + l!.height)).toBeLessThan(24);
}

for (const [locale, viewport] of [
  ['vi', { width: 360, height: 740 }],
  ['de', { width: 1366, height: 900 }],
  ['ur', { width: 390, height: 844 }],
] as const) {
  test(`${locale} at ${viewport.width} px: each company-details label sits right above its own box`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const disclosure = await openCompanyDetails(page, locale);
    for (const key of ['name', 'taxId', 'address'] as const) {
      const label = disclosure.getByText(message(locale, `PayPage.receipt.company.${key}`), { exact: true });
      await expectLabelAbove(label, disclosure.getByLabel(message(locale, `PayPage.receipt.company.${key}`)));
    }
  });
}

test('vi: a tax ID that breaks its rule is pointed at with the keyboard on it when paying, and no payment starts', async ({
  page,
}) => {
  const disclosure = await openCompanyDetails(page, 'vi');
  await disclosure.getByLabel(message('vi', 'PayPage.receipt.company.name')).fill('Công ty Hana');
  const taxId = disclosure.getByLabel(message('vi', 'PayPage.receipt.company.taxId'));
  await taxId.fill('<0312345678>');
  await disclosure.locator('summary').click(); // closed again: the check opens it
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('vi', 'PayPage.form.gateways.vnpay') })
    .check();
  await page.getByRole('button', { name: message('vi', 'PayPage.form.checkout') }).click();
  await expect(taxId).toBeFocused();
  await expect(taxId).toHaveAttribute('aria-invalid', 'true');
  await expect(disclosure).toContainText(message('vi', 'PayPage.receipt.company.invalid.taxId').split('{')[0]!);
  await expect(page).toHaveURL(/\/vi\/pay/);
});
