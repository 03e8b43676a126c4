import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isStorableText, maxInputDepth, storable, storableTextSchema, unstorablePath } from './text';

describe('the text rule', () => {
  it('refuses NUL and lone surrogates, keeps every real character', () => {
    expect(isStorableText('Lucía 🇧🇷 \u4e2d\t\n')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00y')).toBe(false);
    expect(storableTextSchema().max(3).safeParse('ab\u0000').error?.issues[0]?.message).toBe('validation.invalid');
  });

  it('names the path of the first unstorable string or key', () => {
    expect(unstorablePath({ contact: { name: 'ok', tags: ['a', 'b\u0000'] } })).toEqual(['contact', 'tags', 1]);
    expect(unstorablePath({ data: { ['\ud800']: 1 } })).toEqual(['data']);
    expect(unstorablePath({ fine: [1, true, null, 'x'] })).toBeNull();
    expect(unstorablePath('\u0000')).toEqual([]);
  });

  it('refuses nesting deeper than the limit without using the call stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 500_000; i++) deep = [deep];
    expect(unstorablePath({ data: deep })).toHaveLength(maxInputDepth);
    let shallow: unknown = 'leaf';
    for (let i = 0; i < maxInputDepth - 1; i++) shallow = { a: shallow };
    expect(unstorablePath({ data: shallow })).toBeNull();
  });

  it('puts a schema behind the rule, checked on the raw input before the schema rewrites it', () => {
    const note = storable(z.strictObject({ note: z.string().transform((value) => value.replaceAll('\u0000', ' ')) }));
    expect(note.safeParse({ note: 'a b' })).toMatchObject({ success: true, data: { note: 'a b' } });
    expect(note.safeParse({ note: 'a\u0000b' }).error?.issues[0]?.message).toBe('validation.invalid');
    expect(note.safeParse({ note: '\udc00' }).success).toBe(false);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = { note: deep };
    expect(note.safeParse(deep).success).toBe(false);
  });
});
