import { Categoriser } from './categoriser';
import baseLines from './base-lines.json';
import { labelledLines, type LabelledRow } from './dataset';

/** The base set's groups are cut into this many folds to fit the confidence on lines the model did not learn. */
const folds = 5;

/**
 * A categoriser that knows Alta's labelled bank lines (`base-lines.json`, decision 066) before
 * it knows the company's, with the temperature `fitBaseTemperature` found for them, stored beside
 * them when they were written: fitting it again at every start of the worker cost it about four
 * times the training (a fifth of a second of CPU on a laptop, a second on a slow phone).
 */
export function baseCategoriser(): Categoriser {
  const categoriser = new Categoriser();
  categoriser.train(labelledLines(baseLines.lines as LabelledRow[]));
  categoriser.temperature = baseLines.temperature;
  return categoriser;
}

/**
 * The temperature of a categoriser trained on `rows`, fitted out of fold: the merchants and
 * narratives of one fold in five are unlearnt (naive Bayes takes an example back exactly),
 * their lines scored, and learnt again; the temperature fitted on all those scores is the one
 * for lines of merchants the model never saw, which is what the company's new lines are.
 * `scripts/generate-categoriser-lines.ts` stores it with the base lines; a test checks that it
 * still fits them when the model changes.
 */
export function fitBaseTemperature(rows: readonly LabelledRow[]): number {
  const categoriser = new Categoriser();
  const lines = labelledLines(rows);
  categoriser.train(lines);
  const groups = new Map<string, number>();
  for (const { group } of lines) if (!groups.has(group)) groups.set(group, groups.size % folds);
  const scored = [];
  for (let fold = 0; fold < folds; fold++) {
    const held = lines.filter(({ group }) => groups.get(group) === fold);
    categoriser.model.train(held.map((example) => ({ ...example, weight: -1 })));
    for (const { line, category } of held) {
      const evaluated = categoriser.model.scores(line);
      if (evaluated) scored.push({ scores: evaluated.scores, category });
    }
    categoriser.model.train(held);
  }
  categoriser.calibrate(scored);
  return categoriser.temperature;
}
