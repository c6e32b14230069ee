/**
 * Bodies are read with a byte cap while they stream in, never whole and checked afterwards: a
 * chunked body has no Content-Length, and a peer (a caller, or an upstream we called) could
 * otherwise stream until the process runs out of memory. Past the cap the stream is cancelled at
 * once — for a fetch answer that aborts the connection — so no more than the cap plus one chunk is
 * ever held.
 */

/** An answer or request body longer than its cap. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`the body is larger than ${maxBytes} bytes`);
  }
}

/** The whole stream if it is at most `maxBytes`, else null (and the stream is cancelled). */
export async function readCapped(stream: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer | null> {
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks);
      size += value.byteLength;
      if (size > maxBytes) {
        // Not awaited: a peer that never ends its stream must not hold the answer back.
        reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
}

/** An upstream answer's body as text, at most `maxBytes`; BodyTooLargeError past it. */
export async function cappedText(response: Response, maxBytes: number): Promise<string> {
  const bytes = await readCapped(response.body, maxBytes);
  if (bytes === null) throw new BodyTooLargeError(maxBytes);
  return bytes.toString('utf8');
}

/** An upstream answer's body as JSON, at most `maxBytes`; BodyTooLargeError past it, SyntaxError if not JSON. */
export async function cappedJson(response: Response, maxBytes: number): Promise<unknown> {
  return JSON.parse(await cappedText(response, maxBytes)) as unknown;
}
