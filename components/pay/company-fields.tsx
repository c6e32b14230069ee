'use client';
import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { BILLING_LIMITS, type Billing, type BillingField } from '@/lib/shared/billing';
import styles from './receipt.module.css';

/** Moves the keyboard to a field of `form` by its name (after the disclosure holding it is open). */
export function focusField(form: HTMLFormElement | null, field: BillingField): void {
  const element = form?.elements.namedItem(field);
  if (element instanceof HTMLElement) element.focus();
}

/** The three labelled fields, each above its own box; the one that breaks its rule says so under it. */
export function BillingInputs({
  id,
  billing,
  invalid,
}: {
  id: string;
  billing: Billing | null;
  invalid: BillingField | null;
}) {
  const t = useTranslations('PayPage.receipt.company');
  const field = (name: BillingField) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': invalid === name ? (true as const) : undefined,
    'aria-describedby': invalid === name ? `${id}-${name}-error` : name === 'company' ? `${id}-hint` : undefined,
  });
  const problem = (name: BillingField) =>
    invalid === name ? (
      <p id={`${id}-${name}-error`} className={styles.error}>
        {t(`invalid.${name}`, { max: BILLING_LIMITS[name], lines: BILLING_LIMITS.addressLines })}
      </p>
    ) : null;
  return (
    <>
      <label htmlFor={`${id}-company`}>{t('name')}</label>
      <input
        {...field('company')}
        maxLength={BILLING_LIMITS.company}
        defaultValue={billing?.company ?? ''}
        autoComplete="organization"
      />
      {problem('company')}
      <label htmlFor={`${id}-taxId`}>{t('taxId')}</label>
      <input {...field('taxId')} maxLength={BILLING_LIMITS.taxId} defaultValue={billing?.taxId ?? ''} dir="ltr" />
      {problem('taxId')}
      <label htmlFor={`${id}-address`}>{t('address')}</label>
      <textarea
        {...field('address')}
        rows={3}
        maxLength={BILLING_LIMITS.address}
        defaultValue={billing?.address ?? ''}
        autoComplete="street-address"
      />
      {problem('address')}
    </>
  );
}

/**
 * The same company details, asked before paying: a closed disclosure inside the pay form, whose
 * named fields the form reads when it checks out (`billingFromForm`). `invalid`: the field the form
 * found breaking its rule at checkout, which it opens the disclosure to and focuses.
 */
export function CompanyDetailsFields({ invalid = null }: { invalid?: BillingField | null }) {
  const t = useTranslations('PayPage.receipt.company');
  const id = useId();
  return (
    <details className={styles.companyDisclosure} data-testid="checkout-company" open={invalid ? true : undefined}>
      <summary>{t('heading')}</summary>
      {/* The fields in their own grid: a <details>' own children are not laid out by its display. */}
      <div className={styles.company}>
        <p id={`${id}-hint`}>{t('hintBeforePaying')}</p>
        <BillingInputs id={id} billing={null} invalid={invalid} />
      </div>
    </details>
  );
}

/** The company details typed in the pay form, or undefined when none were (the company name is what counts). */
export function billingFromForm(form: HTMLFormElement | null): Record<BillingField, string> | undefined {
  if (!form) return undefined;
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  if (!text('company') && !text('taxId') && !text('address')) return undefined;
  return { company: text('company'), taxId: text('taxId'), address: text('address') };
}
