// The prepared return's PDF (Form 5472 + pro forma 1120) in its worker against raw pdf-lib
// writing the same pages (page: tests/bench/tax-pdf-bench.ts).
import { runPdfBench } from './lib/pdf-bench.mjs';

await runPdfBench('tax-pdf');
