import 'server-only';
import type { z } from 'zod';
import type { ApiErrorCode } from './error-status';
import { readJsonBody } from '@/lib/server/request/guards';

/**
 * A route's JSON body: read up to `maxBytes` (415 for another type, 400 for broken JSON, 413 past the
 * cap, refused while it streams in), then parsed with `schema`; a body the schema refuses is
 * `invalid` (invalid_request unless the route says more precisely what is wrong).
 */
export interface BodyOptions<Body> {
  schema: z.ZodType<Body>;
  maxBytes: number;
  invalid?: ApiErrorCode;
}

export type ParsedBody<Body> = { ok: true; body: Body } | { ok: false; code: ApiErrorCode };

/** The body as `options` describe it, or the code to refuse it with. */
export async function parsedJsonBody<Body>(request: Request, options: BodyOptions<Body>): Promise<ParsedBody<Body>> {
  const read = await readJsonBody(request, options.maxBytes);
  if (!read.ok) return { ok: false, code: read.code };
  const parsed = options.schema.safeParse(read.value);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, code: options.invalid ?? 'invalid_request' };
}
