/**
 * The one text rule of every input (issue 9 §4): what PostgreSQL can store in a text or jsonb
 * column. A NUL character or a lone UTF-16 surrogate cannot be stored there, so such input is
 * refused as invalid at the boundary instead of failing in the database.
 */

import { z } from 'zod';

/** Nesting deeper than this is no form data: refused before anything walks it recursively. */
export const maxInputDepth = 64;

/** No NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes('\u0000');
}

/** A string schema with the text rule, for keys and values that are checked one by one. */
export const storableTextSchema = () => z.string().refine(isStorableText, { error: 'validation.invalid' });

/**
 * The path of the first string or key in `value` that breaks the text rule, or of the first
 * value nested deeper than `maxInputDepth`; null when all of it can be stored. Walks with an
 * explicit stack, so a hostile million-level nesting costs no call stack.
 */
export function unstorablePath(value: unknown): (string | number)[] | null {
  // Each entry knows its parent, so the path is built only for the value that fails.
  type Entry = { value: unknown; key: string | number; parent: Entry | null; depth: number };
  const pathOf = (entry: Entry | null) => {
    const path: (string | number)[] = [];
    for (let at = entry; at?.parent; at = at.parent) path.unshift(at.key);
    return path;
  };
  const stack: Entry[] = [{ value, key: '', parent: null, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const current = entry.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathOf(entry);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (entry.depth >= maxInputDepth) return pathOf(entry);
    const depth = entry.depth + 1;
    if (Array.isArray(current)) {
      current.forEach((item, index) => {
        if (typeof item === 'object' || typeof item === 'string') stack.push({ value: item, key: index, parent: entry, depth });
      });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (!isStorableText(key)) return pathOf(entry);
      if (typeof item === 'object' || typeof item === 'string') stack.push({ value: item, key, parent: entry, depth });
    }
  }
  return null;
}

/** A schema whose input must pass the text rule before `Schema` sees it; same input and output types as `Schema`. */
export type Storable<Schema extends z.ZodType> = z.ZodPipe<z.ZodCustom<z.input<Schema>, z.input<Schema>>, Schema>;

/**
 * `schema` behind the text rule: the raw input is walked first (strings, keys, nesting), so a
 * NUL is refused even where `schema` would have rewritten it, and hostile nesting never reaches
 * a recursive check. For inputs checked apart from the request they arrive in, such as each
 * mutation of a push (see `defineMutator`), where one bad value must refuse only itself.
 */
export function storable<Schema extends z.ZodType>(schema: Schema): Storable<Schema> {
  const checked = z.custom<z.input<Schema>>((value) => unstorablePath(value) === null, { error: 'validation.invalid' });
  // The generic Schema hides that its input is z.input<Schema>, which `pipe` asks for.
  return checked.pipe(schema as z.ZodType<unknown, z.input<Schema>>) as Storable<Schema>;
}
