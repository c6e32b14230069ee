import { createHmac } from 'node:crypto';

/**
 * initData signed as Telegram signs it for a bot (first party), written here from Telegram's
 * documented algorithm with node:crypto alone: hash = hex HMAC-SHA256 of the fields but `hash`,
 * sorted by key as `key=value` lines, under HMAC-SHA256 with the key "WebAppData" of the bot token.
 * Independent of the site's verifier and of the library it uses.
 */
export function signedByToken(fields: Record<string, string>, token: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const hash = createHmac('sha256', secret).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

/** A Telegram user opening the Mini App at `at`, from a direct link whose startapp is `startParam`. */
export function launchFields(
  user: { id: number; username?: string; language_code?: string },
  at: Date,
  startParam?: string,
): Record<string, string> {
  return {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({ first_name: user.username ?? 'Someone', ...user }),
    chat_instance: '8134722200314281151',
    chat_type: startParam ? 'supergroup' : 'private',
    auth_date: String(Math.floor(at.getTime() / 1000)),
    ...(startParam ? { start_param: startParam } : {}),
  };
}
