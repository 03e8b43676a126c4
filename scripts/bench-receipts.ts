// Receipts read on the device (decision 067): reads every receipt fixture of
// tests/fixtures/receipts/ with the app's reader (tesseract.js OCR for photos, scans and
// image-only PDFs; the text layer of PDFs that have one), and prints the accuracy of each
// field, of the proposed transaction, and the time per receipt by kind of file.
//   npx tsx scripts/bench-receipts.ts
import path from 'node:path';
import { suggestMatches } from '@src/features/bookkeeping/receipt-matching';
import { plain } from '@workers/receipt-reader/fields';
import { bankRows, fixtureFile, receiptFixtures, type ReceiptFormat } from '../tests/fixtures/receipts/receipts';
import { startNodeReceiptReader } from './lib/receipt-reader-node';

const folder = path.resolve('tests/fixtures/receipts');
const sameName = (a: string | null, b: string) => a !== null && plain(a).replace(/[^a-z0-9]/g, '') === plain(b).replace(/[^a-z0-9]/g, '');

const started = performance.now();
const reader = await startNodeReceiptReader();
const startMs = performance.now() - started;
const { rows, truth } = bankRows();
const right = { total: 0, date: 0, merchant: 0, match: 0 };
const times = new Map<ReceiptFormat, number[]>();
const misses: string[] = [];
for (const receipt of receiptFixtures) {
  const begin = performance.now();
  const read = await reader.read(path.join(folder, fixtureFile(receipt)));
  times.set(receipt.format, [...(times.get(receipt.format) ?? []), performance.now() - begin]);
  const [proposed] = suggestMatches({ name: fixtureFile(receipt), date: '2026-11-25', fields: read }, rows);
  const got = {
    total: read.totalCents === receipt.totalCents,
    date: read.date === receipt.date,
    merchant: sameName(read.merchant, receipt.merchant),
    match: proposed?.id === truth.get(receipt.id),
  };
  for (const field of Object.keys(right) as (keyof typeof right)[]) if (got[field]) right[field]++;
  const wrong = Object.entries(got).filter(([, ok]) => !ok);
  if (wrong.length > 0) misses.push(`${receipt.id}: ${wrong.map(([field]) => field).join(', ')} (read ${JSON.stringify({ ...read, via: undefined })})`);
}
await reader.close();

const n = receiptFixtures.length;
const percent = (count: number) => `${((100 * count) / n).toFixed(1)} % (${count}/${n})`;
console.log(`receipts: ${n} (es, en, pt; tickets, invoices, card slips)`);
console.log(`total     ${percent(right.total)}`);
console.log(`date      ${percent(right.date)}`);
console.log(`merchant  ${percent(right.merchant)}`);
console.log(`match     ${percent(right.match)} (top proposal is the receipt's own bank line, among ${rows.length})`);
console.log(`engine start (3 languages' data loaded): ${startMs.toFixed(0)} ms`);
const labels: Record<ReceiptFormat, string> = { png: 'scan (PNG)', jpg: 'photo (JPEG)', 'pdf-text': 'PDF with text', 'pdf-scan': 'PDF, scanned image' };
for (const [format, list] of times) {
  const sorted = [...list].sort((a, b) => a - b);
  const mean = list.reduce((sum, ms) => sum + ms, 0) / list.length;
  console.log(
    `${labels[format].padEnd(20)} ${mean.toFixed(0).padStart(5)} ms per receipt (median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)}, n=${list.length})`,
  );
}
for (const miss of misses) console.log(`  missed ${miss}`);
