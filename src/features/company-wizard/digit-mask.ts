/**
 * Input masks for numbers with dashes: SSN/ITIN `XXX-XX-XXXX` and EIN `XX-XXXXXXX`. The user
 * types or pastes digits (with or without dashes, spaces or dots); the field shows them
 * grouped, and the caret stays after the same digit it was after.
 */

export const taxIdGroups = [3, 2, 4] as const;
export const einGroups = [2, 7] as const;

/** `raw`'s digits grouped with dashes, extra digits dropped: '123456789' → '123-45-6789'. */
export function formatDigits(raw: string, groups: readonly number[]): string {
  const max = groups.reduce((sum, size) => sum + size, 0);
  const digits = raw.replace(/\D/g, '').slice(0, max);
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join('-');
}

/** The masked value and where the caret goes: after as many digits as were before it in `raw`. */
export function maskWithCaret(raw: string, caret: number, groups: readonly number[]): { value: string; caret: number } {
  const value = formatDigits(raw, groups);
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  if (digitsBefore === 0) return { value, caret: 0 };
  let seen = 0;
  for (let index = 0; index < value.length; index++) {
    if (/\d/.test(value[index]!)) seen++;
    if (seen === digitsBefore) return { value, caret: index + 1 };
  }
  return { value, caret: value.length };
}
