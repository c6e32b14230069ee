import 'server-only';
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { site } from '@/lib/config/site';
import { ledgerSql } from '@/lib/server/db';
import { env } from '@/lib/server/env';
import { log } from '@/lib/server/observability/log';
import { tokenHash } from './operators';
import { startSession, type OperatorSession } from './session';
import { appendAudit } from './store/audit';
import {
  credentialWithOperator,
  credentialsOf,
  insertChallenge,
  insertCredential,
  invitedOperator,
  recordCredentialUse,
  spendInvitation,
  takeChallenge,
  type ChallengePurpose,
  type Operator,
} from './store/operators';
import { markSessionVerified } from './store/sessions';

/**
 * Passkeys, the one way in (docs/operations.md): enrolment from an invitation, sign-in with a
 * discoverable passkey, and the step-up a refund asks for. Each ceremony's challenge is stored,
 * taken once and dies after a few minutes; the relying party is SITE_URL's host and origin, so a
 * passkey made for this site answers nowhere else. User verification (a PIN, a fingerprint) is
 * required every time.
 */
const CHALLENGE_MS = 5 * 60_000;

export type PasskeyRefusal = 'invitation_invalid' | 'challenge_expired' | 'passkey_failed';

const relyingParty = () => ({
  id: new URL(env().SITE_URL).hostname,
  origin: env().siteOrigin,
  name: `${site.name} operators`,
});

async function newChallenge(purpose: ChallengePurpose, challenge: string, subject: string | null): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await insertChallenge(await ledgerSql(), {
    id,
    purpose,
    challenge,
    subject,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
  return id;
}

export type EnrolOptions =
  | { ok: true; challengeId: string; operator: string; options: PublicKeyCredentialCreationOptionsJSON }
  | { ok: false; reason: 'invitation_invalid' };

export async function enrolOptions(token: string): Promise<EnrolOptions> {
  const sql = await ledgerSql();
  const operator = await invitedOperator(sql, tokenHash(token), new Date());
  if (!operator) return { ok: false, reason: 'invitation_invalid' };
  const existing = await credentialsOf(sql, operator.id);
  const rp = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: operator.name,
    userID: Buffer.from(operator.webauthnUserId, 'base64url'),
    attestationType: 'none',
    excludeCredentials: existing.map((credential) => ({ id: credential.id, transports: credential.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_MS,
  });
  const challengeId = await newChallenge('enrol', options.challenge, tokenHash(token));
  return { ok: true, challengeId, operator: operator.name, options };
}

export type SignedIn = { ok: true; sessionToken: string; operator: Pick<Operator, 'name' | 'role'> };

export async function enrolVerify(input: {
  token: string;
  challengeId: string;
  response: RegistrationResponseJSON;
}): Promise<SignedIn | { ok: false; reason: PasskeyRefusal }> {
  const now = new Date();
  const sql = await ledgerSql();
  const hash = tokenHash(input.token);
  const taken = await takeChallenge(sql, input.challengeId, 'enrol', now);
  if (!taken || taken.subject !== hash) return { ok: false, reason: 'challenge_expired' };
  const operator = await invitedOperator(sql, hash, now);
  if (!operator) return { ok: false, reason: 'invitation_invalid' };
  const rp = relyingParty();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    log().warn({ err: error, operator: operator.name }, 'ops: a passkey enrolment did not verify');
    return { ok: false, reason: 'passkey_failed' };
  }
  if (!verified.verified) return { ok: false, reason: 'passkey_failed' };
  const { credential } = verified.registrationInfo;
  const spent = await sql.transaction(async (tx) => {
    if (!(await spendInvitation(tx, hash, now))) return false;
    await insertCredential(
      tx,
      {
        id: credential.id,
        operatorId: operator.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
      },
      now,
    );
    return true;
  });
  if (!spent) return { ok: false, reason: 'invitation_invalid' };
  await audit(operator, 'passkey_enrolled', now);
  return { ok: true, sessionToken: await startSession(operator.id, now), operator };
}

export async function signInOptions(): Promise<{
  challengeId: string;
  options: PublicKeyCredentialRequestOptionsJSON;
}> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    userVerification: 'required',
    timeout: CHALLENGE_MS,
  });
  return { challengeId: await newChallenge('sign_in', options.challenge, null), options };
}

export async function signInVerify(input: {
  challengeId: string;
  response: AuthenticationResponseJSON;
}): Promise<SignedIn | { ok: false; reason: PasskeyRefusal }> {
  const now = new Date();
  const checked = await checkAssertion('sign_in', null, input, now);
  if (!checked.ok) return checked;
  await audit(checked.operator, 'signed_in', now);
  return { ok: true, sessionToken: await startSession(checked.operator.id, now), operator: checked.operator };
}

export async function stepUpOptions(
  session: OperatorSession,
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const credentials = await credentialsOf(await ledgerSql(), session.operator.id);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    userVerification: 'required',
    timeout: CHALLENGE_MS,
    allowCredentials: credentials.map((credential) => ({ id: credential.id, transports: credential.transports })),
  });
  return { challengeId: await newChallenge('step_up', options.challenge, session.idHash), options };
}

/** The passkey proved again inside a session: its step-up clock restarts. */
export async function stepUpVerify(
  session: OperatorSession,
  input: { challengeId: string; response: AuthenticationResponseJSON },
): Promise<{ ok: true } | { ok: false; reason: PasskeyRefusal }> {
  const now = new Date();
  const checked = await checkAssertion('step_up', session, input, now);
  if (!checked.ok) return checked;
  await markSessionVerified(await ledgerSql(), session.idHash, now);
  return { ok: true };
}

async function checkAssertion(
  purpose: 'sign_in' | 'step_up',
  session: OperatorSession | null,
  input: { challengeId: string; response: AuthenticationResponseJSON },
  now: Date,
): Promise<{ ok: true; operator: Operator } | { ok: false; reason: PasskeyRefusal }> {
  const sql = await ledgerSql();
  const taken = await takeChallenge(sql, input.challengeId, purpose, now);
  if (!taken || taken.subject !== (session?.idHash ?? null)) return { ok: false, reason: 'challenge_expired' };
  const found = await credentialWithOperator(sql, input.response.id);
  if (!found || (session && found.operator.id !== session.operator.id)) return { ok: false, reason: 'passkey_failed' };
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== found.operator.webauthnUserId) return { ok: false, reason: 'passkey_failed' };
  const rp = relyingParty();
  try {
    const verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: found.credential.id,
        publicKey: Buffer.from(found.credential.publicKey, 'base64url'),
        counter: found.credential.counter,
        transports: found.credential.transports,
      },
    });
    if (!verified.verified) return { ok: false, reason: 'passkey_failed' };
    await recordCredentialUse(sql, found.credential.id, verified.authenticationInfo.newCounter, now);
  } catch (error) {
    log().warn({ err: error, operator: found.operator.name }, 'ops: a passkey assertion did not verify');
    return { ok: false, reason: 'passkey_failed' };
  }
  return { ok: true, operator: found.operator };
}

async function audit(operator: Operator, action: string, now: Date): Promise<void> {
  await appendAudit(await ledgerSql(), {
    at: now,
    actor: operator.name,
    operatorId: operator.id,
    action,
    orderId: null,
    reason: null,
    detail: {},
  });
}
