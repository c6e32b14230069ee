import 'server-only';
import { log } from '@/lib/server/observability/log';
import { metrics } from '@/lib/server/observability/metrics';
import { DirectoryUnavailableError } from '../types';

/**
 * The backend answered about someone other than the one the session names. The site believes the
 * signed link, not the backend's word: such an answer is never shown nor acted on. It is a backend
 * fault, so the payer or admin gets the translated "try again" (503), and an operator is told.
 */
export class BackendIdentityMismatch extends DirectoryUnavailableError {
  override name = 'BackendIdentityMismatch';
}

/**
 * Throws BackendIdentityMismatch unless every field the request named comes back the same.
 * `asked` and `answered` hold identity fields only (platform, user, team, member ids).
 */
export function expectSameIdentity(
  operation: string,
  asked: Record<string, string | null | undefined>,
  answered: Record<string, string | null | undefined>,
): void {
  const differing = Object.keys(asked).filter((field) => asked[field] !== answered[field]);
  if (differing.length === 0) return;
  // Field names only: the values are account data.
  log().error({ operation, fields: differing }, 'chat backend answered about another account');
  metrics().backendIdentityMismatches.inc({ operation });
  throw new BackendIdentityMismatch(`${operation}: the answer names another ${differing.join(', ')}`);
}
