// Issue 13: the statement PDF of a month with 1,000 transactions in its worker against raw
// pdf-lib writing the same pages (page: tests/bench/statement-pdf-bench.ts).
import { runPdfBench } from './lib/pdf-bench.mjs';

await runPdfBench('statement-pdf', { ratioGoal: 1.5 });
