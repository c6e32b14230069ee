import 'server-only';

/*
 * PostgreSQL's text and jsonb cannot hold U+0000, and jsonb refuses a lone UTF-16 surrogate. A
 * gateway's signed callback may carry either (no documented field has a use for them), and a
 * value the database refuses would make every redelivery fail the same way — the gateway retrying
 * for days, the order stuck. So what the ledger stores from outside goes through these first: each
 * such character becomes U+FFFD, the same way every time, so an id still finds its own row.
 */
const REPLACEMENT = '\uFFFD';

const UNSTORABLE_CHARACTER = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A string PostgreSQL's text accepts: NUL and lone surrogates replaced by U+FFFD. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE_CHARACTER, REPLACEMENT);
}

// In JSON.stringify's output NUL is always written `\u0000` and a lone surrogate `\udXXX` (paired
// ones are written as themselves); an escape counts only after an even run of backslashes.
const UNSTORABLE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/gi;

/** JSON text PostgreSQL's jsonb accepts, keys included. */
export function storableJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSTORABLE_ESCAPE, '$1\\ufffd');
}
