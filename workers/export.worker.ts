import '@domain/zod-jitless';
import * as Comlink from 'comlink';
import { buildExport } from './export/build';
import type { ExportRequest, ExportResult } from './export/types';

/**
 * The bookkeeping export off the main thread (decision 065): the CSV, the XLSX (write-excel-file)
 * and the accountant's pack (fflate's zip of both plus the receipts) from the rows the list
 * shows. Fifty thousand rows and a year of receipts take far longer than a frame.
 */
const api = {
  build(request: ExportRequest): Promise<ExportResult> {
    return buildExport(request);
  },
};

export type ExportWorker = typeof api;

Comlink.expose(api);
