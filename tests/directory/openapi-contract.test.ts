import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dereference, validate } from '@readme/openapi-parser';
import { parse } from 'yaml';
import { z } from 'zod';
import { componentSchemas, operations, queries, siteWebhooks, wire } from '@/lib/server/directory/remote/contract';

const documentPath = join(__dirname, '../../docs/chat-backend.openapi.yaml');
const load = () => parse(readFileSync(documentPath, 'utf8')) as Record<string, unknown>;

type Json = Record<string, unknown>;
type Body = { content: { 'application/json': { schema: { $ref?: string }; example?: unknown } } };
type Parameter = { name: string; in: string; required?: boolean; schema: unknown };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: Body;
  responses: Record<string, Partial<Body>>;
};
type Paths = Record<string, Record<string, Operation>>;
const byId = (paths: Paths) =>
  Object.fromEntries(
    Object.values(paths).flatMap((methods) => Object.values(methods).map((op) => [op.operationId, op])),
  );
const schemaName = (body: Partial<Body> | undefined) =>
  body?.content?.['application/json'].schema.$ref?.split('/').pop();

/**
 * JSON Schema as zod writes it, with zod's encoding details removed: the safe-integer bounds it
 * adds to every integer and the regular expression it spells out for date-time.
 */
function normalise(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalise);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === '$schema' || key === 'description' || key === 'example') continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) continue;
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
    const paths = load().paths as Paths;
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [op.operationId, { method: method.toUpperCase(), path }]),
    );
    const inCode = Object.entries(operations).map(([id, { method, path }]) => [id, { method, path }]);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(inCode));
  });

  it('gives every operation the request and 200 schemas the code uses for it, by name', () => {
    const documented = byId(load().paths as Paths);
    for (const [id, spec] of Object.entries(operations)) {
      const op = documented[id]!;
      expect({ id, request: schemaName(op.requestBody) }).toEqual({
        id,
        request: 'request' in spec ? spec.request : undefined,
      });
      expect({ id, response: schemaName(op.responses['200']) }).toEqual({ id, response: spec.response });
    }
  });

  it('gives every GET operation exactly the query parameters the code sends and the backend validates', async () => {
    const document = (await dereference(load() as never)) as unknown as { paths: Paths };
    const documented = byId(document.paths);
    for (const [id, spec] of Object.entries(operations)) {
      const inQuery = (documented[id]!.parameters ?? []).filter((p) => p.in === 'query');
      const fromDocument = Object.fromEntries(
        inQuery.map((p) => [p.name, { required: p.required ?? false, schema: normalise(p.schema) }]),
      );
      const schema = 'query' in spec ? queries[spec.query] : undefined;
      const fromCode = Object.fromEntries(
        Object.entries((schema?.shape ?? {}) as Record<string, z.ZodType>).map(([name, field]) => {
          // Query values are text on the wire: a coerced number is documented as the integer it must be.
          const value = field instanceof z.ZodPipe ? field.def.out : field;
          const required = !field.safeParse(undefined).success;
          return [name, { required, schema: normalise(z.toJSONSchema(value)) }];
        }),
      );
      expect({ id, query: fromDocument }).toEqual({ id, query: fromCode });
    }
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
    const document = (await dereference(load() as never)) as unknown as { paths: Paths };
    for (const methods of Object.values(document.paths)) {
      for (const op of Object.values(methods)) {
        const spec: { request?: keyof typeof componentSchemas; response: keyof typeof componentSchemas } =
          operations[op.operationId as keyof typeof operations];
        const request = op.requestBody?.content['application/json'].example;
        if (spec.request) expect(componentSchemas[spec.request].safeParse(request).error).toBeUndefined();
        const response = op.responses['200']?.content?.['application/json'].example;
        expect(componentSchemas[spec.response].safeParse(response).error).toBeUndefined();
        for (const [status, reply] of Object.entries(op.responses)) {
          if (status !== '200')
            expect(wire.Error.safeParse(reply.content?.['application/json'].example).success).toBe(true);
        }
      }
    }
  });

  it('describes exactly the request the backend sends the site, at the path and with the schemas the site uses', () => {
    const webhooks = load().webhooks as Record<string, Record<string, Operation & { 'x-site-path': string }>>;
    const documented = Object.entries(webhooks).flatMap(([name, methods]) =>
      Object.entries(methods).map(([method, op]) => [
        name,
        {
          method: method.toUpperCase(),
          path: op['x-site-path'],
          request: schemaName(op.requestBody),
          response: schemaName(op.responses['200']),
        },
      ]),
    );
    expect(Object.fromEntries(documented)).toEqual(siteWebhooks);
  });

  it("has webhook examples the site accepts: Telegram's update in, the site's outcome out, at every status", async () => {
    const document = (await dereference(load() as never)) as unknown as { webhooks: Paths };
    for (const [name, methods] of Object.entries(document.webhooks)) {
      const spec = siteWebhooks[name as keyof typeof siteWebhooks];
      for (const op of Object.values(methods)) {
        const request = op.requestBody?.content['application/json'].example;
        expect(componentSchemas[spec.request].safeParse(request).error).toBeUndefined();
        for (const reply of Object.values(op.responses)) {
          expect(
            componentSchemas[spec.response].safeParse(reply.content?.['application/json'].example).error,
          ).toBeUndefined();
        }
      }
    }
  });
});
