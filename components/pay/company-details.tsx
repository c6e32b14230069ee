'use client';
import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { BILLING_LIMITS, type Billing, type BillingRequest } from '@/lib/shared/billing';
import styles from './receipt.module.css';

/** The company details printed on a receipt: name, tax id and address, each in its own direction. */
export function CompanyLines({ billing }: { billing: Billing }) {
  const t = useTranslations('PayPage.receipt.company');
  return (
    <span data-testid="receipt-company">
      <bdi>{billing.company}</bdi>
      {billing.taxId && (
        <>
          <br />
          {isolated(t('buyerTaxId', { taxId: VALUE }), billing.taxId, 'ltr')}
        </>
      )}
      {billing.address && (
        <>
          <br />
          <bdi className={styles.address}>{billing.address}</bdi>
        </>
      )}
    </span>
  );
}

type State = { kind: 'closed' } | { kind: 'editing'; error: string | null; busy: boolean };

/**
 * The payer adds or changes the company details of one of their orders (POST /api/pay/billing):
 * a disclosure under the buyer, never printed. The server checks the fields and answers a
 * translated refusal, shown beside the form.
 */
export function CompanyDetailsForm({
  orderId,
  billing,
  onSaved,
}: {
  orderId: string;
  billing: Billing | null;
  onSaved: (billing: Billing | null) => void;
}) {
  const t = useTranslations('PayPage.receipt.company');
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'closed' });
  const [saved, setSaved] = useState(false);

  async function save(next: Billing | null) {
    setState({ kind: 'editing', error: null, busy: true });
    try {
      const response = await fetch('/api/pay/billing', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ orderId, billing: next } satisfies BillingRequest),
      });
      const answer = (await response.json()) as { billing?: Billing | null; error?: { message: string } };
      if (!response.ok || answer.error) {
        setState({ kind: 'editing', error: answer.error?.message ?? String(response.status), busy: false });
        return;
      }
      onSaved(answer.billing ?? null);
      setSaved(true);
      setState({ kind: 'closed' });
    } catch {
      setState({ kind: 'editing', error: t('unsaved'), busy: false });
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    void save({ company: text('company'), taxId: text('taxId'), address: text('address') });
  }

  if (state.kind === 'closed')
    return (
      <div className={styles.company}>
        {saved && <p role="status">{t('saved')}</p>}
        <button
          type="button"
          className="button"
          onClick={() => setState({ kind: 'editing', error: null, busy: false })}
        >
          {billing ? t('edit') : t('add')}
        </button>
      </div>
    );

  return (
    <form className={styles.company} onSubmit={submit} aria-labelledby={`${id}-heading`} data-testid="company-form">
      <h3 id={`${id}-heading`}>{t('heading')}</h3>
      <p id={`${id}-hint`}>{t('hint')}</p>
      <label htmlFor={`${id}-company`}>{t('name')}</label>
      <input
        id={`${id}-company`}
        name="company"
        required
        maxLength={BILLING_LIMITS.company}
        defaultValue={billing?.company ?? ''}
        autoComplete="organization"
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={`${id}-tax`}>{t('taxId')}</label>
      <input
        id={`${id}-tax`}
        name="taxId"
        maxLength={BILLING_LIMITS.taxId}
        defaultValue={billing?.taxId ?? ''}
        dir="ltr"
      />
      <label htmlFor={`${id}-address`}>{t('address')}</label>
      <textarea
        id={`${id}-address`}
        name="address"
        rows={3}
        maxLength={BILLING_LIMITS.address}
        defaultValue={billing?.address ?? ''}
        autoComplete="street-address"
      />
      {state.error && (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      )}
      <div className={styles.companyActions}>
        <button type="submit" className="button button--primary" disabled={state.busy}>
          {t('save')}
        </button>
        <button type="button" className="button" onClick={() => setState({ kind: 'closed' })}>
          {t('cancel')}
        </button>
        {billing && (
          <button type="button" className="button" disabled={state.busy} onClick={() => void save(null)}>
            {t('remove')}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The same company details, asked before paying: a closed disclosure inside the pay form, whose
 * named fields the form reads when it checks out (`billingFromForm`).
 */
export function CompanyDetailsFields() {
  const t = useTranslations('PayPage.receipt.company');
  const id = useId();
  return (
    <details className={styles.company} data-testid="checkout-company">
      <summary>{t('heading')}</summary>
      <p id={`${id}-hint`}>{t('hint')}</p>
      <label htmlFor={`${id}-company`}>{t('name')}</label>
      <input
        id={`${id}-company`}
        name="company"
        maxLength={BILLING_LIMITS.company}
        autoComplete="organization"
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={`${id}-tax`}>{t('taxId')}</label>
      <input id={`${id}-tax`} name="taxId" maxLength={BILLING_LIMITS.taxId} dir="ltr" />
      <label htmlFor={`${id}-address`}>{t('address')}</label>
      <textarea
        id={`${id}-address`}
        name="address"
        rows={3}
        maxLength={BILLING_LIMITS.address}
        autoComplete="street-address"
      />
    </details>
  );
}

/** The company details typed in the pay form, or undefined when none were (the company name is what counts). */
export function billingFromForm(form: HTMLFormElement | null): Record<string, string> | undefined {
  if (!form) return undefined;
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  if (!text('company') && !text('taxId') && !text('address')) return undefined;
  return { company: text('company'), taxId: text('taxId'), address: text('address') };
}
