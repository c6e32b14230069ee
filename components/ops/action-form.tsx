'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import styles from './ops.module.css';
import { newActionKey, postJson, provePasskey, refusalText, type Answer } from './ops-client';

interface Labels {
  submit: string;
  working: string;
  stepUp: string;
  failed: string;
  network: string;
  /** The label of the link an answer may carry (an invitation's), shown once to copy. */
  link?: string;
}

/**
 * Whether an answer leaves the action possibly running or done: no answer at all, the same key still
 * running, or a failure of the server or of something in front of it (a proxy's 504 has no body of
 * ours). Only a final answer — done, or refused for a reason — makes a new key.
 */
function mayStillRun(answer: Extract<Answer, { ok: false }>): boolean {
  const unsure = ['network', 'action_in_progress', 'service_unavailable'];
  return unsure.includes(answer.code) || (answer.status ?? 0) >= 500;
}

/**
 * One console action (refund, resolve, run reconciliation, deliver now): the fields are the page's
 * (children), the key is made once when the form is shown and sent with every try — a double click
 * or a retry after no answer, or after an answer that leaves it unsure, runs the action once. When the server asks for a step-up, the passkey
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
  const [state, setState] = useState({ busy: false, message: '', error: false, link: '' });
  const { labels } = props;

  const send = async (body: Record<string, unknown>) => {
    let answer = await postJson<{ message: string; link?: string }>(props.endpoint, body);
    if (!answer.ok && answer.code === 'step_up_required') {
      setState({ busy: true, message: labels.stepUp, error: false, link: '' });
      const proved = await provePasskey('step-up');
      answer = proved.ok ? await postJson<{ message: string; link?: string }>(props.endpoint, body) : proved;
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
    setState({ busy: true, message: labels.working, error: false, link: '' });
    const answer = await send(body);
    if (!answer.ok && mayStillRun(answer)) {
      // The action may be running or done: the same key goes with the next try, so it is done once.
      const message = answer.code === 'network' ? labels.network : refusalText(labels.failed, answer);
      setState({ busy: false, message, error: true, link: '' });
      if (answer.code !== 'network') router.refresh();
      return;
    }
    setKey(newActionKey());
    setState({
      busy: false,
      message: answer.ok ? answer.data.message : refusalText(labels.failed, answer),
      error: !answer.ok,
      link: answer.ok ? (answer.data.link ?? '') : '',
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
      {state.link && labels.link ? (
        <label className={styles.field}>
          {labels.link}
          <input readOnly value={state.link} onFocus={(event) => event.currentTarget.select()} />
        </label>
      ) : null}
    </form>
  );
}
