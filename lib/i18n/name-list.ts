/** First strong isolate … pop directional isolate: a name keeps its own direction inside any sentence. */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * Names from the account directory as one phrase in the locale's words ("A, B or C"), each in a
 * Unicode isolate: messages that are plain text (an API's error message) cannot use `isolated()`.
 */
export function nameList(tag: string, names: readonly string[]): string {
  return new Intl.ListFormat(tag, { type: 'disjunction' }).format(names.map((name) => `${FSI}${name}${PDI}`));
}
