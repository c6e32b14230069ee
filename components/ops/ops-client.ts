import { startAuthentication, startRegistration } from '@simplewebauthn/browser';

/*
 * The console page's calls (browser only): JSON to its own API, and the passkey ceremonies through
 * @simplewebauthn/browser. Every refusal comes back as the API's code and words.
 */
export type Answer<T = Record<string, unknown>> =
  | { ok: true; data: T }
  // `status`: the HTTP status of a refusal; none when no answer came at all.
  | { ok: false; code: string; message: string; status?: number };

export async function postJson<T = Record<string, unknown>>(url: string, body: unknown): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, code: 'network', message: '' };
  }
  const json = (await response.json().catch(() => ({}))) as { error?: { code: string; message: string } };
  if (!response.ok) {
    return {
      ok: false,
      code: json.error?.code ?? 'server_error',
      message: json.error?.message ?? '',
      status: response.status,
    };
  }
  return { ok: true, data: json as T };
}

/** A refusal in the page's words: `failed` (with `{message}`) around the server's words, or its code when it gave none. */
export function refusalText(failed: string, answer: { code: string; message: string }): string {
  return failed.replace('{message}', answer.message || answer.code);
}

/** A fresh idempotency key: one per action the page shows, kept for every retry of it. */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A ceremony the browser or the person cancelled is a refusal too, in the words the page has for it. */
const cancelled = (error: unknown): Answer<never> => ({
  ok: false,
  code: 'passkey_failed',
  message: error instanceof Error ? error.message : String(error),
});

type Options<T> = { challengeId: string; options: T };

/** Sign-in (`/api/ops/sign-in/…`) or a step-up inside a session (`/api/ops/step-up/…`). */
export async function provePasskey(kind: 'sign-in' | 'step-up'): Promise<Answer> {
  const asked = await postJson<Options<Parameters<typeof startAuthentication>[0]['optionsJSON']>>(
    `/api/ops/${kind}/options`,
    {},
  );
  if (!asked.ok) return asked;
  let response;
  try {
    response = await startAuthentication({ optionsJSON: asked.data.options });
  } catch (error) {
    return cancelled(error);
  }
  return postJson(`/api/ops/${kind}/verify`, { challengeId: asked.data.challengeId, response });
}

export type EnrolOptions = Options<Parameters<typeof startRegistration>[0]['optionsJSON']> & { operator: string };

export const enrolOptions = (token: string) => postJson<EnrolOptions>('/api/ops/enrol/options', { token });

export async function enrolPasskey(token: string, asked: EnrolOptions): Promise<Answer> {
  let response;
  try {
    response = await startRegistration({ optionsJSON: asked.options });
  } catch (error) {
    return cancelled(error);
  }
  return postJson('/api/ops/enrol/verify', { token, challengeId: asked.challengeId, response });
}
