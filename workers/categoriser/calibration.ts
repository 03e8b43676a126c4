import type { CategoryKey } from '@domain/bookkeeping';

/** A prediction next to the truth, for measuring how well confidence matches accuracy. */
export interface Judged {
  confidence: number;
  right: boolean;
}

/**
 * Expected calibration error: the predictions put in ten bins of confidence (0–10 %, …,
 * 90–100 %), each bin's gap between its mean confidence and its accuracy, weighted by its
 * share of the predictions. 0 when "80 % sure" is right 80 % of the time.
 */
export function expectedCalibrationError(judged: readonly Judged[], bins = 10): number {
  const sums = Array.from({ length: bins }, () => ({ count: 0, confidence: 0, right: 0 }));
  for (const { confidence, right } of judged) {
    const bin = sums[Math.min(bins - 1, Math.floor(confidence * bins))]!;
    bin.count += 1;
    bin.confidence += confidence;
    bin.right += right ? 1 : 0;
  }
  return sums.reduce(
    (total, bin) => total + (bin.count === 0 ? 0 : (bin.count / judged.length) * Math.abs(bin.confidence / bin.count - bin.right / bin.count)),
    0,
  );
}

/** Accuracy and count of the predictions whose confidence lies in [from, to). */
export function accuracyBetween(judged: readonly Judged[], from: number, to: number): { count: number; accuracy: number; confidence: number } {
  const inside = judged.filter(({ confidence }) => confidence >= from && confidence < to);
  const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);
  return { count: inside.length, accuracy: mean(inside.map(({ right }) => (right ? 1 : 0))), confidence: mean(inside.map(({ confidence }) => confidence)) };
}

/** Judges a categoriser's predictions against labelled lines: a line it predicts nothing for counts as wrong at confidence 0. */
export function judge<Line>(
  lines: readonly { line: Line; category: CategoryKey }[],
  predict: (line: Line) => { category: CategoryKey; confidence: number } | null,
): Judged[] {
  return lines.map(({ line, category }) => {
    const prediction = predict(line);
    return { confidence: prediction?.confidence ?? 0, right: prediction?.category === category };
  });
}
