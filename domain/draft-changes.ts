import type { DraftFieldChange } from './draft';

/**
 * A draft's data as plain JSON, and its changes field by field: what a wizard computes on every
 * save, apart from the drafts' schemas (`draft.ts`, which re-exports them) so a wizard's first
 * load does not carry zod (decision 076).
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A wizard's values as stored data: what JSON keeps of them (a key holding `undefined` is left
 * out, a number that is not finite becomes null), so a field the user cleared or an amount
 * still being typed never makes the whole draft unstorable.
 */
export const storedDraftData = (data: Record<string, unknown>): Record<string, JsonValue> => JSON.parse(JSON.stringify(data)) as Record<string, JsonValue>;

type JsonObject = { [key: string]: JsonValue };
const isObject = (value: JsonValue | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const sameJson = (a: JsonValue | undefined, b: JsonValue | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ from `before` to `after` (both plain JSON): nested objects are
 * compared field by field, anything else (arrays included) as one value.
 */
export function draftChanges(before: Record<string, JsonValue>, after: Record<string, JsonValue>, path: string[] = []): DraftFieldChange[] {
  const changes: DraftFieldChange[] = [];
  for (const [key, value] of Object.entries(after)) {
    const old = Object.hasOwn(before, key) ? before[key] : undefined;
    if (isObject(old) && isObject(value)) changes.push(...draftChanges(old, value, [...path, key]));
    else if (!sameJson(old, value)) changes.push({ path: [...path, key], value });
  }
  for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) changes.push({ path: [...path, key] });
  return changes;
}

/** `data` with `changes` applied in order (a copy; `data` is left as it is). */
export function applyDraftChanges(data: Record<string, JsonValue>, changes: readonly DraftFieldChange[]): Record<string, JsonValue> {
  const result = structuredClone(data);
  for (const { path, value } of changes) {
    let parent: JsonObject = result;
    for (const key of path.slice(0, -1)) {
      const next = Object.hasOwn(parent, key) ? parent[key] : undefined;
      // A field that held a value and now holds fields (or the reverse) takes the newer shape.
      if (!isObject(next)) parent[key] = {};
      parent = parent[key] as JsonObject;
    }
    const last = path.at(-1)!;
    if (value === undefined) delete parent[last];
    else parent[last] = value;
  }
  return result;
}
