/**
 * `npm run operators -- invite <name> [--role viewer|refunder|admin]` — a single-use invitation link
 * `npm run operators -- list`
 * `npm run operators -- revoke <name>`
 * The operators of the console at /ops (lib/server/ops/, docs/operations.md). An invitation link
 * enrols a passkey; there are no passwords and no default operator.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import {
  INVITATION_HOURS,
  inviteOperator,
  listOperators,
  operatorName,
  operatorRole,
  revokeOperator,
} from '@/lib/server/ops/operators';
import { closeLedgerAndExit, openLedgerForCli } from './ledger-access';

const usage = `usage:
  npm run operators -- invite <name> [--role viewer|refunder|admin]
  npm run operators -- list
  npm run operators -- revoke <name>

An invitation is a link, valid ${INVITATION_HOURS} h and once, that enrols a passkey for <name> at /ops.
Inviting an existing operator adds another passkey (and changes the role when --role is given).
viewer reads; refunder also refunds, resolves review items, runs reconciliation and retries deliveries;
admin also invites and revokes operators, in the console too (while the site runs).
Revoking ends the operator's sessions at once.`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

const by = () => `cli:${userInfo().username}`;

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { role: { type: 'string' } } });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const [command, target] = parsed.positionals;
  if (command === 'list') {
    await openLedgerForCli();
    const operators = await listOperators();
    for (const op of operators) {
      const state = op.revokedAt ? `revoked ${op.revokedAt.toISOString()}` : 'active';
      const last = op.lastSignIn ? `last sign-in ${op.lastSignIn.toISOString()}` : 'never signed in';
      console.log(`${op.name.padEnd(20)}  ${op.role.padEnd(8)}  ${state}  ${op.passkeys} passkey(s)  ${last}`);
    }
    console.log(`${operators.length} operator(s)`);
    return closeLedgerAndExit(0);
  }
  if (command !== 'invite' && command !== 'revoke')
    fail(command ? `unknown command ${command}` : 'a command is needed');
  const name = operatorName.safeParse(target);
  if (!name.success) fail(`${command} needs a name: ${name.error.issues[0]?.message ?? 'invalid'}`);
  if (command === 'revoke') {
    await openLedgerForCli();
    const revoked = await revokeOperator({ name: name.data, by: by() });
    console.log(
      revoked ? `${name.data}: revoked; their sessions have ended` : `${name.data}: no active operator of that name`,
    );
    return closeLedgerAndExit(revoked ? 0 : 1);
  }
  const role = parsed.values.role === undefined ? undefined : operatorRole.safeParse(parsed.values.role);
  if (role && !role.success) fail('--role is viewer, refunder or admin');
  await openLedgerForCli();
  const result = await inviteOperator({ name: name.data, role: role?.data, by: by() });
  if (!result.ok) {
    console.error(`${name.data} was revoked; invite them under another name`);
    return closeLedgerAndExit(1);
  }
  console.log(
    `${result.created ? 'new operator' : 'another passkey for'} ${name.data} (${result.role}); open within ${INVITATION_HOURS} h, once:\n  ${result.link}`,
  );
  return closeLedgerAndExit(0);
}

main().catch(async (error: unknown) => {
  console.error('operators failed:', error);
  await closeLedgerAndExit(1);
});
