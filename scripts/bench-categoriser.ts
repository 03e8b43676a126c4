// The categoriser that learns (issue 10 part 7), on the labelled es/en/pt dataset of
// tests/fixtures/categoriser/bank-lines.csv split the same way every run: accuracy on the
// held-out test lines with the keyword rules alone, with the company's model, and after the
// person corrects 50 lines; then training time on 10,000 rows and prediction per 1,000 rows.
// The model runs in a worker in the app; here the same code runs in Node.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { categorise } from '../workers/categorise';
import { Categoriser } from '../workers/categoriser/categoriser';
import { parseLabelledLines, shuffled, type LabelledLine } from '../workers/categoriser/dataset';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lines = parseLabelledLines(readFileSync(path.join(root, 'tests/fixtures/categoriser/bank-lines.csv'), 'utf8'));
const split = shuffled(lines, 20261122);
const test = split.slice(0, Math.round(lines.length * 0.3));
const pool = split.slice(test.length, test.length + Math.round(lines.length * 0.2));
const history = split.slice(test.length + pool.length);

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const accuracy = (predict: (example: LabelledLine) => string | null) => test.filter((example) => predict(example) === example.category).length / test.length;

/**
 * The person checks lines in order until they have corrected 50 suggestions: a wrong one is
 * corrected (the model learns it with the correction's weight), a right one is checked as is
 * (learnt like any checked line).
 */
function review(categoriser: Categoriser, lines: LabelledLine[]) {
  let corrected = 0;
  let checked = 0;
  for (const example of lines) {
    if (corrected === 50) break;
    checked += 1;
    if (categoriser.suggest(example.line)?.category === example.category) categoriser.model.learn(example.line, example.category);
    else {
      categoriser.correct(example.line, example.category, null);
      corrected += 1;
    }
  }
  return { corrected, checked };
}

const scenario = (label: string, trained: LabelledLine[], reviewed: LabelledLine[]) => {
  const categoriser = new Categoriser();
  categoriser.train(trained);
  const before = accuracy((example) => categoriser.suggest(example.line)?.category ?? null);
  const { corrected, checked } = review(categoriser, reviewed);
  const after = accuracy((example) => categoriser.suggest(example.line)?.category ?? null);
  return {
    scenario: label,
    'checked lines learnt': trained.length,
    'accuracy before': percent(before),
    'lines reviewed': checked,
    corrections: corrected,
    'accuracy after': percent(after),
  };
};

console.log(
  `dataset: ${lines.length} lines (${['es', 'en', 'pt'].map((language) => `${language} ${lines.filter((line) => line.language === language).length}`).join(', ')}), ${new Set(lines.map((line) => line.category)).size} categories; test ${test.length}, correction pool ${pool.length}, history ${history.length}`,
);
console.log(`keyword rules alone (today's categoriser): ${percent(accuracy((example) => categorise(example.line).category))}`);
console.table([scenario('new company (no checked lines)', [], [...pool, ...history]), scenario('company with 312 checked lines', history, pool)]);

// 10,000 rows: the dataset's lines again with other reference numbers.
const large = Array.from({ length: 10_000 }, (_, index) => {
  const example = lines[index % lines.length]!;
  return { ...example, line: { ...example.line, description: `${example.line.description} ${100_000 + index}` } };
});
const timed = (run: () => void) => {
  const start = performance.now();
  run();
  return performance.now() - start;
};
const model = new Categoriser();
const trainMs = timed(() => model.train(large));
const predictMs = timed(() => large.slice(0, 1000).forEach((example) => model.suggest(example.line)));
const keywordsMs = timed(() => large.slice(0, 1000).forEach((example) => categorise(example.line)));
console.table([
  { step: 'training on 10,000 rows', ms: Math.round(trainMs) },
  { step: 'suggestions for 1,000 rows (rules + model + keyword prior)', ms: Math.round(predictMs) },
  { step: 'keyword rules alone for the same 1,000 rows', ms: Math.round(keywordsMs) },
]);
