import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../seed';
import { createUser, signIn } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Issue 9 §4: whatever arrives, no 5xx. Every operation of the app's own OpenAPI document is
 * called with values derived from its schemas, mixed with hostile ones (NUL, lone surrogates,
 * malformed percent-encoding, hostile nesting, wrong types, prototype keys, broken JSON), as a
 * guest, a user and the admin. Bounded: a fixed number of runs per operation.
 */

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } };

const runsPerOperation = 40;

const deepArray = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
const hostileStrings = ['', '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\u202e', '%', '%00', '../../etc/passwd', "'; drop table users; --", 'x'.repeat(5000)];
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(null, true, -1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2, -0.5),
  fc.constant(deepArray(500)),
  fc.constant({}),
  fc.constant([]),
  fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}') as unknown),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

function fromPattern(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string();
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
  if (schema.pattern) return fromPattern(schema.pattern);
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
}

/** A value the schema describes, each part now and then replaced by a hostile one (`mixed`), or not. */
function valueOf(schema: Schema | undefined, depth = 0, mixed = true): fc.Arbitrary<unknown> {
  return mixed
    ? fc.oneof({ weight: 4, arbitrary: conforming(schema, depth, mixed) }, { weight: 1, arbitrary: hostileValue })
    : conforming(schema, depth, mixed);
}

const poisons = ['\u0000', '\ud800', 'x\udfff', 'a\u0000b'];
/** The value with one of its strings or keys (picked by `pick`) made unstorable, or one of its leaves nested 200 deep. */
function poisoned(value: unknown, pick: number, poison: string): unknown {
  const slots: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      slots.push({ parent: node as Record<string, unknown>, key: Array.isArray(node) ? Number(key) : key });
      walk(child);
    }
  };
  const root = { root: value };
  walk(root);
  const slot = slots[pick % slots.length]!;
  const current = (slot.parent as Record<string | number, unknown>)[slot.key];
  if (poison === 'deep') (slot.parent as Record<string | number, unknown>)[slot.key] = deepArray(200);
  else if (typeof current === 'string') (slot.parent as Record<string | number, unknown>)[slot.key] = current + poison;
  else if (!Array.isArray(slot.parent) && slot.parent !== root) {
    delete slot.parent[slot.key];
    slot.parent[`${slot.key}${poison}`] = current;
  } else (slot.parent as Record<string | number, unknown>)[slot.key] = poison;
  return root.root;
}

function conforming(schema: Schema | undefined, depth: number, mixed = true): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => conforming(s, depth + 1, mixed)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? schema.exclusiveMinimum ?? -10, max: Math.min(schema.maximum ?? 1000, 1_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1, mixed), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0)
        return fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...hostileStrings)), valueOf(undefined, depth + 1, mixed), { maxKeys: 3 });
      const required = new Set(schema.required ?? []);
      const record = fc.record(Object.fromEntries(properties.map(([key, s]) => [key, valueOf(s, depth + 1, mixed)])), {
        requiredKeys: properties.map(([key]) => key).filter((key) => required.has(key)),
      });
      // Now and then a field the schema does not know.
      if (!mixed) return record;
      return fc
        .tuple(record, fc.option(fc.constantFrom(...hostileStrings.slice(0, 5)), { freq: 5 }))
        .map(([value, extra]) => (extra === null ? value : { ...value, [extra]: 1 }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Path segments and query values as they travel: percent-encoded, or raw malformed escapes. */
const encoded = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.isWellFormed() ? encodeURIComponent(text) : '%ED%A0%80';
};
const urlPart = (schema: Schema | undefined) =>
  fc.oneof(
    { weight: 4, arbitrary: valueOf(schema).map(encoded) },
    { weight: 2, arbitrary: fc.tuple(conforming(schema, 0, false).map(encoded), fc.constantFrom('%00', '%ED%A0%80')).map(([value, poison]) => value + poison) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%00', '%ED%A0%80', '..%2F..%2F', '%2e%2e') },
  );
/** Header values: what fetch can send (visible ASCII), schema-derived or not. */
const headerValue = (schema: Schema | undefined) =>
  fc.oneof(valueOf(schema), fc.string({ maxLength: 300 })).map((value) =>
    String(typeof value === 'string' ? value : JSON.stringify(value))
      .replace(/[^\x20-\x7e]/g, '')
      .slice(0, 4000),
  );

const rawBodies = ['', 'not json', '{', '{"a":', 'null', '[]', '"\\u0000"', '{"x":"\\ud800"}', '['.repeat(200_000) + ']'.repeat(200_000)];

function requestOf(route: string, operation: Operation, sessions: string[]) {
  const parameters = operation.parameters ?? [];
  const pathParts = fc.record(Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, urlPart(p.schema)])));
  const query = fc.array(
    fc
      .constantFrom(
        ...(parameters.filter((p) => p.in === 'query').length > 0 ? parameters.filter((p) => p.in === 'query') : [{ in: 'query' as const, name: 'x' }]),
      )
      .chain((p) => urlPart(p.schema).map((value) => `${p.name}=${value}`)),
    { maxLength: 3 },
  );
  const headers = fc.record(Object.fromEntries(parameters.filter((p) => p.in === 'header').map((p) => [p.name, headerValue(p.schema)])), { requiredKeys: [] });
  const schema = operation.requestBody?.content['application/json']?.schema;
  const body = schema
    ? fc.oneof(
        { weight: 2, arbitrary: conforming(schema, 0, false).map((value) => JSON.stringify(value)) },
        {
          weight: 4,
          arbitrary: fc
            .tuple(conforming(schema, 0, false), fc.nat(), fc.constantFrom(...poisons, 'deep'))
            .map(([value, pick, poison]) => JSON.stringify(poisoned(value, pick, poison))),
        },
        { weight: 2, arbitrary: conforming(schema, 0).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: fc.constantFrom(...rawBodies) },
      )
    : fc.constant(undefined);
  return fc.record({ pathParts, query, headers, body, cookies: fc.constantFrom(...sessions) }).map((r) => ({
    url: route.replace(/\{(\w+)\}/g, (_, name: string) => (r.pathParts[name] as string) || '%20') + (r.query.length > 0 ? `?${r.query.join('&')}` : ''),
    headers: r.headers as Record<string, string>,
    body: r.body,
    cookies: r.cookies,
  }));
}

let t: TestApp;
let dataDir: string;
let sessions: string[];
let document: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'alta-fuzz-'));
  t = await createTestApp({ DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '1000' });
  await ensureAdmin({ env: t.env, database: t.database, mailer: { send: async () => {} }, now: () => t.clock.now });
  const user = await createUser(t);
  sessions = ['', await signIn(t, user.email), await signIn(t, t.env.ADMIN_EMAIL, t.env.ADMIN_PASSWORD)];
  document = await (await t.request('/api/v1/openapi.json')).json();
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('no 5xx, whatever arrives', () => {
  it('on every operation of the OpenAPI document', { timeout: 120_000 }, async () => {
    const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route, method, operation })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(32);
    for (const { route, method, operation } of operations) {
      await fc.assert(
        fc.asyncProperty(requestOf(route, operation, sessions), async (request) => {
          const response = await t.request(request.url, {
            method: method.toUpperCase(),
            headers: { ...request.headers, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
            body: request.body,
            cookies: request.cookies || undefined,
          });
          // An event stream stays open: its status is all this test needs.
          await response.body?.cancel();
          expect(response.status, `${method.toUpperCase()} ${request.url}`).toBeLessThan(500);
        }),
        { numRuns: runsPerOperation },
      );
    }
  });
});
