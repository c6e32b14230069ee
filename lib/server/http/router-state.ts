import 'server-only';
/**
 * Whether Next's renderer accepts this `Next-Router-State-Tree` header: the client router sends
 * its state as URI-encoded JSON, a tree of `[segment, {parallel routes}, url?, refetch?, flag?, key?]`.
 * Mirrors the schema of the Next version in use (tests/server/router-state.test.ts compares the two
 * on random inputs), so a header Next would reject with a 500 is refused with a 400 first.
 */
export function isValidRouterState(header: string): boolean {
  // Next refuses larger headers outright (they would only slow the tree walk down).
  if (header.length > MAX_HEADER_LENGTH) return false;
  let state: unknown;
  try {
    state = JSON.parse(decodeURIComponent(header));
  } catch {
    return false;
  }
  return isTree(state, 0);
}

const MAX_HEADER_LENGTH = 20 * 2000;
// Far deeper than any route tree, and shallow enough that a hostile header cannot exhaust the stack.
const MAX_DEPTH = 200;

const DYNAMIC_PARAM_TYPES = new Set([
  'c',
  'ci(..)(..)',
  'ci(.)',
  'ci(..)',
  'ci(...)',
  'oc',
  'd',
  'di(..)(..)',
  'di(.)',
  'di(..)',
  'di(...)',
]);
const REFETCH_MARKERS = new Set(['refetch', 'inside-shared-layout', 'metadata-only']);

const isString = (value: unknown): value is string => typeof value === 'string';
const absent = (value: unknown) => value === undefined || value === null;

function isSegment(value: unknown): boolean {
  if (isString(value)) return true;
  if (!Array.isArray(value) || value.length !== 4) return false;
  const [name, key, type, siblings] = value as unknown[];
  return (
    isString(name) &&
    isString(key) &&
    isString(type) &&
    DYNAMIC_PARAM_TYPES.has(type) &&
    (siblings === null || (Array.isArray(siblings) && siblings.every(isString)))
  );
}

function isTree(value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || !Array.isArray(value) || value.length < 2 || value.length > 6) return false;
  const [segment, routes, url, refetch, flag, key] = value as unknown[];
  if (!isSegment(segment)) return false;
  if (typeof routes !== 'object' || routes === null) return false;
  if (!Object.values(routes).every((child) => isTree(child, depth + 1))) return false;
  if (!absent(url) && !(Array.isArray(url) && url.length === 2 && url.every(isString))) return false;
  if (!absent(refetch) && !(isString(refetch) && REFETCH_MARKERS.has(refetch))) return false;
  if (!absent(flag) && typeof flag !== 'number') return false;
  return key === undefined || isString(key);
}
