'use client';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BillingInputs, focusField } from './company-fields';
import { useTranslations } from 'next-intl';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { billingProblem, type Billing, type BillingField, type BillingRequest } from '@/lib/shared/billing';
import styles from './receipt.module.css';
import { sessionHeaders } from '@/lib/client/session-token';

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

type State =
  { kind: 'closed' } | { kind: 'editing'; error: string | null; busy: boolean; invalid: BillingField | null };

const editing = (invalid: BillingField | null = null, error: string | null = null): State => ({
  kind: 'editing',
  error,
  busy: false,
  invalid,
});

const typedIn = (form: HTMLFormElement): Record<BillingField, string> => {
  const data = new FormData(form);
  const text = (name: BillingField) => String(data.get(name) ?? '');
  return { company: text('company'), taxId: text('taxId'), address: text('address') };
};

/**
 * The payer adds or changes the company details of one of their orders (POST /api/pay/billing):
 * a disclosure under the buyer, never printed. Opening it moves the keyboard to the company name;
 * a field that breaks its rule is marked and focused with a message naming it before anything is
 * sent; the server's own refusal is shown beside the form.
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
  const formRef = useRef<HTMLFormElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Opened: the keyboard goes to the first field; closed again: back to the button that opened it.
  useEffect(() => {
    const open = state.kind === 'editing';
    if (open && !wasOpen.current) focusField(formRef.current, 'company');
    if (!open && wasOpen.current) openRef.current?.focus();
    wasOpen.current = open;
  }, [state.kind]);

  async function save(next: Billing | null) {
    setState({ kind: 'editing', error: null, busy: true, invalid: null });
    try {
      const response = await fetch('/api/pay/billing', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...sessionHeaders() },
        body: JSON.stringify({ orderId, billing: next } satisfies BillingRequest),
      });
      const answer = (await response.json()) as { billing?: Billing | null; error?: { message: string } };
      if (!response.ok || answer.error) {
        setState(editing(null, answer.error?.message ?? String(response.status)));
        return;
      }
      onSaved(answer.billing ?? null);
      setSaved(true);
      setState({ kind: 'closed' });
    } catch {
      setState(editing(null, t('unsaved')));
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = typedIn(event.currentTarget);
    const invalid = billingProblem(typed);
    if (invalid) {
      setState(editing(invalid));
      focusField(event.currentTarget, invalid);
      return;
    }
    void save({ company: typed.company, taxId: typed.taxId, address: typed.address });
  }

  if (state.kind === 'closed')
    return (
      <div className={styles.company}>
        {saved && <p role="status">{t('saved')}</p>}
        <button ref={openRef} type="button" className="button" onClick={() => setState(editing())}>
          {billing ? t('edit') : t('add')}
        </button>
      </div>
    );

  return (
    <form
      ref={formRef}
      className={styles.company}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      data-testid="company-form"
    >
      <h3 id={`${id}-heading`}>{t('heading')}</h3>
      <p id={`${id}-hint`}>{t('hint')}</p>
      <BillingInputs id={id} billing={billing} invalid={state.invalid} />
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
