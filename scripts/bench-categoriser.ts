// The categoriser (decision 066) on the held-out lines of its labelled es/en/pt set
// (tests/fixtures/categoriser/held-out-lines.json: merchants and narratives it never learnt,
// nor was tuned on): top-1 accuracy, how well its confidence is calibrated (expected
// calibration error, accuracy per confidence band), what the thresholds leave; then how it
// learns the person's corrections, and its speed (training on 10,000 rows, suggestions for
// 1,000). The model runs in a worker in the app; here the same code runs in Node.
import { acceptAllThreshold, confidenceBands, suggestionThreshold } from '@domain/categoriser-confidence';
import heldOut from '../tests/fixtures/categoriser/held-out-lines.json';
import { categorise } from '../workers/categorise';
import { baseCategoriser } from '../workers/categoriser/base';
import baseLines from '../workers/categoriser/base-lines.json';
import { accuracyBetween, expectedCalibrationError, judge } from '../workers/categoriser/calibration';
import { Categoriser } from '../workers/categoriser/categoriser';
import { wordsOf } from '../workers/categoriser/features';
import { lexiconCategories } from '../workers/categoriser/lexicon';
import { labelledLines, type LabelledLine, type LabelledRow } from '../workers/categoriser/dataset';

const base = labelledLines(baseLines.lines as LabelledRow[]);
const test = labelledLines(heldOut.test as LabelledRow[]);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const groups = (lines: LabelledLine[]) => new Set(lines.map((line) => line.group)).size;

console.log(
  `labelled lines: ${base.length + test.length} (${['es', 'en', 'pt']
    .map((language) => `${language} ${[...base, ...test].filter((line) => line.language === language).length}`)
    .join(
      ', ',
    )}), ${new Set(test.map((line) => line.category)).size} categories; split by merchant/narrative: base set ${base.length} lines (${groups(base)} groups), held-out test ${test.length} (${groups(test)})`,
);

const categoriser = baseCategoriser();
const judged = judge(test, (line) => categoriser.predict(line));
const accuracy = judged.filter(({ right }) => right).length / judged.length;
const shown = judged.filter(({ confidence }) => confidence >= suggestionThreshold);
console.log(`temperature fitted out of fold on the base set (stored with it): ${categoriser.temperature.toFixed(2)}`);
console.table([
  {
    figure: 'keyword rules alone, top-1',
    value: percent(test.filter((example) => categorise(example.line).category === example.category).length / test.length),
  },
  { figure: 'categoriser, top-1 (every line)', value: percent(accuracy) },
  ...(['es', 'en', 'pt'] as const).map((language) => {
    const lines = judged.filter((_, index) => test[index]!.language === language);
    return { figure: `  top-1, ${language}`, value: percent(lines.filter(({ right }) => right).length / lines.length) };
  }),
  (() => {
    // The lexicon and the templates have one author: the lines that no keyword rule nor lexicon entry names show what the model learnt of the words themselves.
    const unnamed = judged.filter((_, index) => categorise(test[index]!.line).category === null && lexiconCategories(wordsOf(test[index]!.line)).size === 0);
    return {
      figure: `  top-1, the ${unnamed.length} lines no keyword nor lexicon entry names`,
      value: percent(unnamed.filter(({ right }) => right).length / unnamed.length),
    };
  })(),
  { figure: 'expected calibration error (10 bins)', value: percent(expectedCalibrationError(judged)) },
  { figure: `suggested (confidence ≥ ${percent(suggestionThreshold)})`, value: percent(shown.length / judged.length) },
  { figure: '  of which right', value: percent(shown.filter(({ right }) => right).length / shown.length) },
  {
    figure: `accept-all default (≥ ${percent(acceptAllThreshold)}): lines`,
    value: percent(accuracyBetween(judged, acceptAllThreshold, 2).count / judged.length),
  },
  { figure: '  of which right', value: percent(accuracyBetween(judged, acceptAllThreshold, 2).accuracy) },
]);

console.log('accuracy per confidence band (held-out lines):');
const bands = [{ band: 'unsure (not shown)', from: 0 }, ...confidenceBands];
console.table(
  bands.map(({ band, from }, index) => {
    const { count, accuracy: right, confidence } = accuracyBetween(judged, from, bands[index + 1]?.from ?? 2);
    return {
      band,
      confidence: `${percent(from)}–${index + 1 < bands.length ? percent(bands[index + 1]!.from) : '100 %'}`,
      lines: count,
      'mean confidence': percent(confidence),
      accuracy: percent(right),
    };
  }),
);

/**
 * The person reviews the held-out lines in order (the first 40 %): a wrong suggestion is
 * corrected (learnt with the correction's weight), a right one is checked as is. Accuracy on
 * the rest, whose merchants the person may have taught it: how much one's own books add.
 */
const reviewed = test.filter((_, index) => index % 5 < 2);
const rest = test.filter((_, index) => index % 5 >= 2);
const learning = baseCategoriser();
const before = judge(rest, (line) => learning.predict(line)).filter(({ right }) => right).length / rest.length;
let corrections = 0;
for (const example of reviewed) {
  if (learning.predict(example.line)?.category === example.category) learning.model.learn(example.line, example.category);
  else {
    learning.correct(example.line, example.category, null);
    corrections += 1;
  }
}
const after = judge(rest, (line) => learning.predict(line)).filter(({ right }) => right).length / rest.length;
console.log(
  `the person reviews ${reviewed.length} held-out lines (${corrections} corrections): top-1 on the other ${rest.length} from ${percent(before)} to ${percent(after)}`,
);

// 10,000 rows: the base lines again with other reference numbers, as a company's history.
const large = Array.from({ length: 10_000 }, (_, index) => {
  const example = base[index % base.length]!;
  return { ...example, line: { ...example.line, description: `${example.line.description} ${100_000 + index}` } };
});
/** Wall time and this process's CPU time of a run: on a shared machine the wall time also counts the waits for a core. */
const timed = (run: () => void) => {
  const cpu = process.cpuUsage();
  const start = performance.now();
  run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const runs = (count: number, run: () => void) => {
  const times = Array.from({ length: count }, () => timed(run));
  return { wall: median(times.map((time) => time.wall)), cpu: median(times.map((time) => time.cpu)) };
};
let model = new Categoriser();
const training = runs(5, () => {
  model = new Categoriser();
  model.train(large);
});
const lines = test.slice(0, 1000).map((example) => example.line);
while (lines.length < 1000)
  lines.push(...test.slice(0, 1000 - lines.length).map((example) => ({ ...example.line, description: `${example.line.description} X` })));
const firstPredict = timed(() => lines.forEach((line) => model.predict(line)));
const predicting = runs(5, () => lines.forEach((line) => model.predict(line)));
const start = timed(() => baseCategoriser());
const row = (step: string, time: { wall: number; cpu: number }) => ({ step, 'wall ms': Math.round(time.wall), 'CPU ms': Math.round(time.cpu) });
console.table([
  row('training on 10,000 rows (median of 5; budget 1,000 ms)', training),
  row('base model at worker start (training; the temperature is stored)', start),
  row('suggestions for 1,000 rows, first run after training', firstPredict),
  row('suggestions for 1,000 rows (median of 5; budget 50 ms)', predicting),
]);
