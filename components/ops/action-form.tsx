'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import styles from './ops.module.css';
import { newActionKey, postJson, provePasskey } from './ops-client';

interface Labels {
  submit: string;
  working: string;
  stepUp: string;
  failed: string;
  network: string;
}

/**
 * One console action (refund, resolve, run reconciliation, deliver now): the fields are the page's
 * (children), the key is made once when the form is shown and sent with every try — a double click
 * or a retry after no answer runs the action once. When the server asks for a step-up, the passkey
 * is proved and the same request sent again.
 */
export function ActionForm(props: {
  endpoint: string;
  payload: Record<string, string>;
  labels: Labels;
  danger?: boolean;
  children?: ReactNode;
}) {
  const router = useRouter();
  const [key, setKey] = useState(newActionKey);
  const [state, setState] = useState({ busy: false, message: '', error: false });
  const { labels } = props;

  const send = async (body: Record<string, unknown>) => {
    let answer = await postJson<{ message: string }>(props.endpoint, body);
    if (!answer.ok && answer.code === 'step_up_required') {
      setState({ busy: true, message: labels.stepUp, error: false });
      const proved = await provePasskey('step-up');
      answer = proved.ok ? await postJson<{ message: string }>(props.endpoint, body) : proved;
    }
    return answer;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.busy) return;
    const fields = Object.fromEntries(
      [...new FormData(event.currentTarget)]
        .map(([name, value]) => [name, String(value).trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    const body: Record<string, unknown> = { ...props.payload, ...fields, key };
    if (typeof body.amount === 'string') body.amount = Number(body.amount);
    setState({ busy: true, message: labels.working, error: false });
    const answer = await send(body);
    if (!answer.ok && answer.code === 'network') {
      // No answer: the same key goes with the next try, so nothing is done twice.
      setState({ busy: false, message: labels.network, error: true });
      return;
    }
    setKey(newActionKey());
    setState({
      busy: false,
      message: answer.ok ? answer.data.message : labels.failed.replace('{message}', answer.message || answer.code),
      error: !answer.ok,
    });
    router.refresh();
  };

  return (
    <form className={styles.actionForm} onSubmit={(event) => void submit(event)}>
      {props.children}
      <div>
        <button type="submit" className={`${styles.button} ${props.danger ? styles.danger : ''}`} disabled={state.busy}>
          {props.labels.submit}
        </button>
      </div>
      <p role="status" className={`${styles.message} ${state.error ? styles.error : ''}`}>
        {state.message}
      </p>
    </form>
  );
}
