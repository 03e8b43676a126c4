import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categoryKeys } from '@domain/bookkeeping';
import { categorise } from '../categorise';
import { Categoriser, correctionWeight, keywordOnlyConfidence, ruleText, similarLines, trainingSet } from './categoriser';
import { parseLabelledLines, shuffled } from './dataset';
import { amountBucket, featuresOf, wordsOf } from './features';
import { NaiveBayes } from './model';

const line = (description: string, amountCents = -2500, merchant: string | null = null) => ({ description, merchant, amountCents });

describe('categoriser features', () => {
  it('drops reference numbers, keeps words, word pairs, character 3-grams, direction and amount size', () => {
    expect(wordsOf(line('PAGO PROVEEDOR 004512 El Sol, factura 12'))).toEqual(['pago', 'proveedor', 'el', 'sol', 'factura', '12']);
    const features = featuresOf(line('Papelería Central', -4590));
    expect(features).toEqual(expect.arrayContaining(['w:papeleria', 'b:papeleria central', 'c:^pa', 'c:ria', 'd:out', 'a:out1']));
    // Spanish and Portuguese spellings share most of their 3-grams.
    const shared = featuresOf(line('papelaria')).filter((feature) => feature.startsWith('c:') && featuresOf(line('papeleria')).includes(feature));
    expect(shared.length).toBeGreaterThanOrEqual(5);
    expect([0, 999, 1000, 250_000, 10_000_000_000].map(amountBucket)).toEqual([0, 0, 1, 3, 5]);
  });
});

describe('naive Bayes model', () => {
  it('learns categories from examples and unlearns one exactly', () => {
    const model = new NaiveBayes();
    expect(model.scores(line('anything'))).toBeNull();
    model.train([
      { line: line('FERRETERIA EL SOL'), category: 'otherExpense' },
      { line: line('FERRETERIA LA ESQUINA'), category: 'otherExpense' },
      { line: line('PANADERIA SAO JORGE', -800), category: 'meals' },
    ]);
    const before = model.scores(line('FERRETERIA CENTRAL'))!.scores;
    expect(before.indexOf(Math.max(...before))).toBe(categoryKeys.indexOf('otherExpense'));
    model.learn(line('FERRETERIA CENTRAL'), 'equipment');
    model.learn(line('FERRETERIA CENTRAL'), 'equipment', -1);
    expect([...model.scores(line('FERRETERIA CENTRAL'))!.scores]).toEqual([...before].map((value) => expect.closeTo(value, 9)));
  });
});

describe('categoriser', () => {
  it('suggests by keywords while the company has nothing checked', () => {
    const categoriser = new Categoriser();
    expect(categoriser.suggest(line('GITHUB INC'))).toEqual({ category: 'software', confidence: keywordOnlyConfidence, source: 'keywords' });
    expect(categoriser.suggest(line('FERRETERIA EL SOL'))).toBeNull();
  });

  it("learns the company's own lines, and a correction moves the suggestion", () => {
    const categoriser = new Categoriser();
    categoriser.train([
      { line: line('PAGO FERRETERIA EL SOL'), category: 'officeSupplies' },
      { line: line('PAGO FERRETERIA LA ESQUINA', -4000), category: 'officeSupplies' },
      { line: line('GITHUB INC', -700), category: 'software' },
    ]);
    expect(categoriser.suggest(line('PAGO FERRETERIA CENTRAL'))).toMatchObject({ category: 'officeSupplies', source: 'model' });
    categoriser.correct(line('PAGO FERRETERIA CENTRAL'), 'equipment', { category: 'officeSupplies', weight: 1 });
    categoriser.correct(line('PAGO FERRETERIA NOVA'), 'equipment', null);
    const suggestion = categoriser.suggest(line('PAGO FERRETERIA PRIMAVERA'));
    expect(suggestion).toMatchObject({ category: 'equipment', source: 'model' });
    expect(suggestion!.confidence).toBeGreaterThan(0.5);
    expect(suggestion!.confidence).toBeLessThanOrEqual(1);
  });

  it('trains on checked lines and on the categories the person set on this device, checked or not, while they still hold', () => {
    const rows = [
      { id: 'checked', ...line('GITHUB INC'), category: 'software' as const, checked: true },
      { id: 'corrected', ...line('PAGO FERRETERIA EL SOL'), category: 'equipment' as const, checked: false },
      { id: 'corrected-checked', ...line('PAGO FERRETERIA NOVA'), category: 'equipment' as const, checked: true },
      // Set by the person, then changed (another device, an undo): not learnt.
      { id: 'changed-since', ...line('WEWORK'), category: 'rent' as const, checked: false },
      { id: 'unchecked', ...line('UBER TRIP'), category: 'travel' as const, checked: false },
      { id: 'uncategorised', ...line('STARBUCKS'), category: null, checked: true },
    ];
    const corrections = new Map([
      ['corrected', 'equipment'],
      ['corrected-checked', 'equipment'],
      ['changed-since', 'officeSupplies'],
      ['uncategorised', 'meals'],
    ] as const);
    expect(trainingSet(rows, corrections).map(({ id, category, weight }) => ({ id, category, weight }))).toEqual([
      { id: 'checked', category: 'software', weight: 1 },
      { id: 'corrected', category: 'equipment', weight: correctionWeight },
      { id: 'corrected-checked', category: 'equipment', weight: correctionWeight },
    ]);
  });

  it('a correction takes back all that the line was learnt with, a correction before it too', () => {
    const ferreteria = line('PAGO FERRETERIA EL SOL');
    const corrected = new Categoriser();
    corrected.train([{ line: line('GITHUB INC', -700), category: 'software' }]);
    const reference = corrected.model.scores(ferreteria)!.scores;
    corrected.train(trainingSet([{ id: 'a', ...ferreteria, category: 'equipment', checked: false }], new Map([['a', 'equipment']])));
    corrected.correct(ferreteria, 'officeSupplies', { category: 'equipment', weight: correctionWeight });
    const fresh = new Categoriser();
    fresh.train([{ line: line('GITHUB INC', -700), category: 'software' }]);
    fresh.correct(ferreteria, 'officeSupplies', null);
    expect([...corrected.model.scores(ferreteria)!.scores]).toEqual([...fresh.model.scores(ferreteria)!.scores].map((value) => expect.closeTo(value, 9)));
    expect(reference).not.toEqual(fresh.model.scores(ferreteria)!.scores);
  });

  it("applies a person's rule before anything else", () => {
    const categoriser = new Categoriser();
    categoriser.addRule({ id: '1', companyId: 'c', contains: ruleText('Uber Trip'), category: 'meals', createdAt: '2026-11-22T10:00:00.000Z' });
    expect(categoriser.suggest(line('UBER TRIP 8ZK2 HELP.UBER.COM'))).toEqual({ category: 'meals', confidence: 1, source: 'rule' });
    // Whole words only: "uber trips" is not "uber trip".
    expect(categoriser.suggest(line('UBER TRIPSTER'))?.source).not.toBe('rule');
  });

  it('finds the uncategorised lines similar to a corrected one', () => {
    const candidates = [
      { id: 'a', ...line('PAGO FERRETERIA EL SOL 4411') },
      { id: 'b', ...line('pago ferretería el sol 9921') },
      { id: 'c', ...line('COMPRA', -100, 'Ferretería El Sol') },
      { id: 'd', ...line('GITHUB INC') },
    ];
    expect(similarLines(line('PAGO FERRETERIA EL SOL 1200', -3000, 'FERRETERIA EL SOL'), candidates).map((found) => found.id)).toEqual(['a', 'b', 'c']);
  });

  it('beats the keyword rules on the held-out split of the labelled dataset, and improves with corrections', () => {
    const lines = parseLabelledLines(readFileSync(path.resolve(__dirname, '../../tests/fixtures/categoriser/bank-lines.csv'), 'utf8'));
    expect(lines.length).toBeGreaterThanOrEqual(500);
    expect(new Set(lines.map((example) => example.language))).toEqual(new Set(['es', 'en', 'pt']));
    const split = shuffled(lines, 7);
    const test = split.slice(0, 180);
    const history = split.slice(180, 480);
    const pool = split.slice(480);
    const accuracy = (predict: (example: (typeof lines)[number]) => string | null) =>
      test.filter((example) => predict(example) === example.category).length / test.length;
    const keywords = accuracy((example) => categorise(example.line).category);
    const categoriser = new Categoriser();
    categoriser.train(history);
    const before = accuracy((example) => categoriser.suggest(example.line)?.category ?? null);
    for (const example of pool) categoriser.correct(example.line, example.category, null);
    const after = accuracy((example) => categoriser.suggest(example.line)?.category ?? null);
    expect(before).toBeGreaterThan(keywords);
    expect(after).toBeGreaterThanOrEqual(before);
  });
});
