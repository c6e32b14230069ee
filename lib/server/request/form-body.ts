import 'server-only';
import { readCappedBody } from './guards';

/**
 * Reads an `application/x-www-form-urlencoded` body of at most `maxBytes` (readCappedBody: counted
 * while it streams in). Null for another type, a body too large, or a field that appears twice.
 */
export async function readFormBody(request: Request, maxBytes: number): Promise<Record<string, string> | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return null;
  const read = await readCappedBody(request, maxBytes);
  if (!read.ok) return null;
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(read.text)) {
    if (Object.hasOwn(fields, name)) return null;
    fields[name] = value;
  }
  return fields;
}
