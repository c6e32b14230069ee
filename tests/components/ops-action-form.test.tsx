/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionForm } from '@/components/ops/action-form';

/*
 * The console's action form sends one idempotency key per shown action with every try of it: a
 * retry after no answer reuses it (the server answers the first result, and acts once), a step-up
 * sends the same request again after the passkey, and only an answered action makes a new key.
 */
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh, replace: jest.fn() }) }));
const startAuthentication = jest.fn(async () => ({ id: 'cred', response: {} }));
jest.mock('@simplewebauthn/browser', () => ({
  startAuthentication: () => startAuthentication(),
  startRegistration: jest.fn(),
}));

const labels = {
  submit: 'Refund',
  working: 'Working…',
  stepUp: 'Confirm…',
  failed: 'Failed: {message}',
  network: 'No answer',
};
type Call = { url: string; body: Record<string, unknown> };

function answering(...answers: Array<Response | Error>) {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
    const next = answers.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no answer');
    return next;
  }) as typeof fetch;
  return calls;
}
/** What fetch resolves with, as far as the page reads it (jsdom has no Response). */
const json = (status: number, body: unknown) =>
  ({ ok: status < 400, status, json: async () => body }) as unknown as Response;

const form = () =>
  render(
    <ActionForm endpoint="/api/ops/actions/refund" payload={{ orderId: 'abc' }} labels={labels}>
      <label>
        Reason
        <input name="reason" />
      </label>
      <label>
        Amount
        <input name="amount" />
      </label>
    </ActionForm>,
  );

describe('the console’s action form', () => {
  it('a retry after no answer sends the same key; an answered action makes a new one', async () => {
    const calls = answering(
      new TypeError('network down'),
      json(200, { message: 'done' }),
      json(200, { message: 'again' }),
    );
    form();
    await userEvent.type(screen.getByLabelText('Reason'), 'asked');
    await userEvent.type(screen.getByLabelText('Amount'), '1500');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await screen.findByText('No answer');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await screen.findByText('done');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await screen.findByText('again');
    expect(calls[0]!.body).toEqual({
      orderId: 'abc',
      reason: 'asked',
      amount: 1500,
      key: expect.stringMatching(/^[\w-]{24}$/),
    });
    expect(calls[1]!.body.key).toBe(calls[0]!.body.key);
    expect(calls[2]!.body.key).not.toBe(calls[0]!.body.key);
    expect(refresh).toHaveBeenCalled();
  });

  it('asked for a step-up, it proves the passkey and sends the same request, same key, again', async () => {
    const calls = answering(
      json(403, { error: { code: 'step_up_required', message: 'Confirm first' } }),
      json(200, { challengeId: 'c'.repeat(32), options: { challenge: 'x' } }),
      json(200, { steppedUp: true }),
      json(200, { message: 'Refund done' }),
    );
    form();
    await userEvent.type(screen.getByLabelText('Reason'), 'asked');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await screen.findByText('Refund done');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/ops/actions/refund',
      '/api/ops/step-up/options',
      '/api/ops/step-up/verify',
      '/api/ops/actions/refund',
    ]);
    expect(calls[3]!.body).toEqual(calls[0]!.body);
    expect(startAuthentication).toHaveBeenCalledTimes(1);
  });

  it('a refusal is shown in the server’s words, and nothing is sent twice', async () => {
    const calls = answering(json(409, { error: { code: 'nothing_left', message: 'Everything was refunded' } }));
    form();
    await userEvent.type(screen.getByLabelText('Reason'), 'asked');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Failed: Everything was refunded'));
    expect(calls).toHaveLength(1);
  });

  it('after an answer that leaves the action unsure — a proxy’s 504, still running, a 503 — the next try sends the same key; a final refusal makes a new one', async () => {
    const calls = answering(
      json(504, '<html>gateway timeout</html>'),
      json(409, { error: { code: 'action_in_progress', message: 'Still running' } }),
      json(503, { error: { code: 'service_unavailable', message: 'Try again soon' } }),
      json(409, { error: { code: 'nothing_left', message: 'Everything was refunded' } }),
      json(200, { message: 'done' }),
    );
    form();
    await userEvent.type(screen.getByLabelText('Reason'), 'asked');
    for (const shown of [
      'Failed: server_error',
      'Failed: Still running',
      'Failed: Try again soon',
      'Failed: Everything was refunded',
    ]) {
      await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(shown));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await screen.findByText('done');
    const keys = calls.map((call) => call.body.key);
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(keys[4]).not.toBe(keys[0]);
  });
});
