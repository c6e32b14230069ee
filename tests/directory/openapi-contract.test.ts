import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dereference, validate } from '@readme/openapi-parser';
import { parse } from 'yaml';
import { z } from 'zod';
import { componentSchemas, operations, PayContext, wire } from '@/lib/server/directory/remote/contract';

const documentPath = join(__dirname, '../../docs/chat-backend.openapi.yaml');
const load = () => parse(readFileSync(documentPath, 'utf8')) as Record<string, unknown>;

type Json = Record<string, unknown>;
type Operation = {
  operationId: string;
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  responses: Record<string, { content?: { 'application/json': { example?: unknown } } }>;
};

/**
 * JSON Schema as zod writes it, with zod's encoding details removed: the safe-integer bound it
 * adds to every integer and the regular expression it spells out for date-time.
 */
function normalise(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalise);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === '$schema' || key === 'description' || key === 'example') continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'pattern' && (schema as Json).format === 'date-time') continue;
    out[key] = normalise(value);
  }
  // `const` and a one-value enum say the same.
  if (Array.isArray(out.enum) && out.enum.length === 1 && out.const === undefined) {
    out.const = out.enum[0];
    delete out.enum;
  }
  if (Array.isArray(out.required)) out.required = [...(out.required as string[])].sort();
  return out;
}

describe('docs/chat-backend.openapi.yaml, the chat-backend contract', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = load();
    expect(document.openapi).toBe('3.1.0');
    await expect(validate(structuredClone(document) as never)).resolves.toMatchObject({ valid: true });
  });

  it('describes exactly the calls the site makes, with the same methods and paths', () => {
    const paths = load().paths as Record<string, Record<string, { operationId: string }>>;
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [op.operationId, { method: method.toUpperCase(), path }]),
    );
    expect(Object.fromEntries(documented)).toEqual(operations);
  });

  it('defines every schema exactly as the code validates it', async () => {
    const document = (await dereference(load() as never)) as unknown as { components: { schemas: Json } };
    for (const [name, schema] of Object.entries(componentSchemas)) {
      const fromCode = normalise(z.toJSONSchema(schema as z.ZodType));
      const fromDocument = normalise(document.components.schemas[name]);
      expect({ name, schema: fromDocument }).toEqual({ name, schema: fromCode });
    }
  });

  it('has examples that the code accepts, for every request and 200 response', async () => {
    const document = (await dereference(load() as never)) as unknown as {
      paths: Record<string, Record<string, Operation>>;
    };
    const bodies: Record<string, { request?: z.ZodType; response: z.ZodType }> = {
      getPayContext: { response: PayContext },
      cancelIndividualPlan: { request: wire.CancelRequest, response: wire.CancelResult },
      registerOrder: { request: wire.OrderNotice, response: wire.OrderDecision },
      applyGrant: { request: wire.Grant, response: wire.GrantApplied },
      health: { response: wire.Health },
    };
    for (const methods of Object.values(document.paths)) {
      for (const op of Object.values(methods)) {
        const expected = bodies[op.operationId]!;
        const request = op.requestBody?.content['application/json'].example;
        if (expected.request) expect(expected.request.safeParse(request).error).toBeUndefined();
        const response = op.responses['200']?.content?.['application/json'].example;
        expect(expected.response.safeParse(response).error).toBeUndefined();
        for (const [status, reply] of Object.entries(op.responses)) {
          if (status !== '200')
            expect(wire.Error.safeParse(reply.content?.['application/json'].example).success).toBe(true);
        }
      }
    }
  });
});
