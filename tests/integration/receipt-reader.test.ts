import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestMatches } from '@src/features/bookkeeping/receipt-matching';
import { grayscalePgm } from '@workers/receipt-reader/read';
import { startNodeReceiptReader, type NodeReceiptReader } from '../../scripts/lib/receipt-reader-node';
import { bankRows, fixtureFile, receiptFixtures } from '../fixtures/receipts/receipts';

// One receipt of each kind of file per language (12 of the 24; `npm run bench` reads them all):
// a few seconds of OCR, not the whole set's.
const sample = receiptFixtures.filter(
  (receipt, index) => receiptFixtures.findIndex((other) => other.language === receipt.language && other.format === receipt.format) === index,
);
const folder = path.resolve(__dirname, '../fixtures/receipts');
const squash = (text: string | null) =>
  (text ?? '')
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

describe('receipts read on the device (tesseract.js and pdf.js on the committed fixtures)', () => {
  let reader: NodeReceiptReader;
  beforeAll(async () => {
    reader = await startNodeReceiptReader();
  }, 60_000);
  afterAll(() => reader?.close());

  it('finds the total, the date and the merchant of most receipts, and proposes their bank line', { timeout: 120_000 }, async () => {
    expect(new Set(sample.map((receipt) => receipt.format)).size).toBe(4);
    const { rows, truth } = bankRows();
    const right = { total: 0, date: 0, merchant: 0, match: 0 };
    for (const receipt of sample) {
      const read = await reader.read(path.join(folder, fixtureFile(receipt)));
      expect(read.via).toBe(receipt.format === 'pdf-text' ? 'text' : 'ocr');
      if (read.totalCents === receipt.totalCents) right.total++;
      if (read.date === receipt.date) right.date++;
      if (squash(read.merchant) === squash(receipt.merchant)) right.merchant++;
      if (suggestMatches({ name: fixtureFile(receipt), date: '2026-11-25', fields: read }, rows)[0]?.id === truth.get(receipt.id)) right.match++;
    }
    // A generous floor (the bench measures 96–100 %): 10 of 12 for each.
    for (const count of Object.values(right)) expect(count).toBeGreaterThanOrEqual(10);
  });

  it('turns a decoded PDF image into a grayscale PGM the OCR engine reads', () => {
    const pgm = grayscalePgm({ width: 2, height: 1, kind: 2, data: new Uint8Array([255, 255, 255, 0, 0, 0]) });
    expect(new TextDecoder().decode(pgm!.slice(0, 11))).toBe('P5\n2 1\n255\n');
    expect([...pgm!.slice(11)]).toEqual([255, 0]);
  });
});
