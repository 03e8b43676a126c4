/**
 * How sure the categoriser is, as the list shows it and acts on it (decision 066). The model's
 * confidence is a calibrated probability: of the suggestions shown at 90 %, about nine in ten
 * are right (`npm run bench -- categoriser` measures it on held-out lines).
 */

/**
 * Below this confidence no suggestion is shown: what the model suggests at under 50 % is wrong
 * more often than right, so accepting it would cost the person more than choosing the
 * category themselves.
 */
export const suggestionThreshold = 0.5;

/**
 * "Accept all above N %" starts at 90 %: on the held-out lines, the suggestions above it are
 * right 99 times in 100 and cover nine lines in ten, so a bulk accept leaves few lines to
 * correct; the person can lower or raise it.
 */
export const acceptAllThreshold = 0.9;

/** The words people read a confidence in: where each band starts (the first at `suggestionThreshold`). */
export const confidenceBands = [
  { band: 'possible', from: suggestionThreshold },
  { band: 'likely', from: 0.8 },
  { band: 'veryLikely', from: 0.95 },
] as const;
export type ConfidenceBand = (typeof confidenceBands)[number]['band'];

/** The band of a shown suggestion's confidence. */
export function bandOf(confidence: number): ConfidenceBand {
  let found: ConfidenceBand = confidenceBands[0].band;
  for (const { band, from } of confidenceBands) if (confidence >= from) found = band;
  return found;
}
