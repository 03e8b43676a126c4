import { describe, expect, it } from 'vitest';
import { categoryKeys } from '@domain/bookkeeping';
import { mergeSuggestions, suggestionsChanged } from './use-row-suggestions';

const packed = (entries: [string, (typeof categoryKeys)[number], number][]) => ({
  ids: entries.map(([id]) => id),
  categories: Uint8Array.from(entries.map(([, category]) => categoryKeys.indexOf(category))),
  confidences: Float32Array.from(entries.map(([, , confidence]) => confidence)),
});

describe('row suggestions', () => {
  it('keeps the object of each unchanged suggestion, so only the rows whose suggestion changed redraw', () => {
    const first = mergeSuggestions(
      new Map(),
      packed([
        ['a', 'meals', 0.97],
        ['b', 'software', 0.62],
        ['c', 'travel', 0.8],
      ]),
    );
    expect(first.get('a')).toEqual({ category: 'meals', confidence: expect.closeTo(0.97, 5) });
    const second = mergeSuggestions(
      first,
      packed([
        ['a', 'meals', 0.971],
        ['b', 'software', 0.7],
        ['c', 'rent', 0.8],
        ['d', 'meals', 0.9],
      ]),
    );
    expect(second.get('a')).toBe(first.get('a'));
    expect(second.get('b')).not.toBe(first.get('b'));
    expect(second.get('c')).toEqual({ category: 'rent', confidence: expect.closeTo(0.8, 5) });
    expect(second.get('d')).toEqual({ category: 'meals', confidence: expect.closeTo(0.9, 5) });
    // A row categorised since has no suggestion any more.
    expect(mergeSuggestions(second, packed([['a', 'meals', 0.97]])).has('b')).toBe(false);
  });

  it('names the suggestions an answer added or changed, when it dropped none of those before it', () => {
    const none = new Map();
    const first = mergeSuggestions(none, packed([['a', 'meals', 0.97]]));
    expect(suggestionsChanged(none, first)).toEqual(['a']);
    const second = mergeSuggestions(
      first,
      packed([
        ['a', 'meals', 0.971],
        ['b', 'software', 0.7],
      ]),
    );
    expect(suggestionsChanged(first, second)).toEqual(['b']);
    // Only from the map it was merged from.
    expect(suggestionsChanged(none, second)).toBeNull();
    // An answer without b: which rows lost a suggestion is not told, so null.
    expect(suggestionsChanged(second, mergeSuggestions(second, packed([['a', 'meals', 0.97]])))).toBeNull();
  });
});
