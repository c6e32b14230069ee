import 'server-only';

/**
 * Reads an `application/x-www-form-urlencoded` body of at most `maxBytes` (counted while it
 * streams in, so a body without a length is cut at the cap too). Null for another type, a body
 * too large, or a field that appears twice.
 */
export async function readFormBody(request: Request, maxBytes: number): Promise<Record<string, string> | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return null;
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes || !request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) {
    if (Object.hasOwn(fields, name)) return null;
    fields[name] = value;
  }
  return fields;
}
