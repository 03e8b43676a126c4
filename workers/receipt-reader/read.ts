import type * as PdfJs from 'pdfjs-dist';
import { extractReceiptFields, type ReceiptFields } from './fields';

/** Text from an encoded image (OCR); the worker and the Node tests each bring their own engine. */
export type Recognise = (image: Uint8Array) => Promise<string>;

export interface ReceiptReading extends ReceiptFields {
  /** `text`: the PDF's own text layer; `ocr`: the image (or a scanned PDF's images) read by OCR. */
  via: 'text' | 'ocr';
}

interface ReadTools {
  /** pdf.js, asked for only when the file is a PDF (the worker then loads it). */
  pdfjs: () => Promise<Pick<typeof PdfJs, 'getDocument' | 'OPS'>>;
  recognise: Recognise;
}

// A receipt is one page, an invoice two or three; later pages are terms and conditions.
const maxPages = 3;

/** The PDF's text as lines: its text items grouped by baseline, top to bottom, left to right. */
function linesOf(items: readonly { str: string; transform: number[] }[]): string {
  const rows = new Map<number, { x: number; text: string }[]>();
  for (const item of items) {
    if (!item.str.trim()) continue;
    const y = Math.round(item.transform[5]! / 3);
    rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4]!, text: item.str }]);
  }
  return [...rows.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((part) => part.text)
        .join(' '),
    )
    .join('\n');
}

interface PdfImage {
  width: number;
  height: number;
  kind: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/**
 * A decoded PDF image as a binary PGM file, which the OCR engine reads like any image: a
 * scanned PDF's pages are images, and taking them out whole spares drawing the page on a
 * canvas (which a worker may not have, nor Node).
 */
export function grayscalePgm(image: PdfImage): Uint8Array | null {
  const { width, height, kind, data } = image;
  if (!data) return null;
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pixels = new Uint8Array(width * height);
  const rowBytes = Math.ceil(width / 8);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = y * width + x;
      if (kind === 1) pixels[index] = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
      else {
        const step = kind === 2 ? 3 : 4;
        const at = index * step;
        pixels[index] = Math.round(0.299 * data[at]! + 0.587 * data[at + 1]! + 0.114 * data[at + 2]!);
      }
    }
  }
  const file = new Uint8Array(header.length + pixels.length);
  file.set(header);
  file.set(pixels, header.length);
  return file;
}

async function readPdf(bytes: Uint8Array, tools: ReadTools): Promise<{ text: string; via: 'text' | 'ocr' }> {
  const [pdfjs, recognise] = [await tools.pdfjs(), tools.recognise];
  // Decoded pixels rather than ImageBitmaps: the worker reads them without a canvas.
  const loading = pdfjs.getDocument({ data: bytes, isOffscreenCanvasSupported: false, isImageDecoderSupported: false, verbosity: 0 });
  const document = await loading.promise;
  try {
    const pages = [];
    for (let number = 1; number <= Math.min(document.numPages, maxPages); number++) pages.push(await document.getPage(number));
    const layers = await Promise.all(pages.map(async (page) => linesOf((await page.getTextContent()).items as { str: string; transform: number[] }[])));
    const text = layers.join('\n');
    // A text layer with words in it is the document itself; a scanner's PDF has none, or a few stray marks.
    if ((text.match(/\p{L}/gu)?.length ?? 0) >= 20) return { text, via: 'text' };
    const read: string[] = [];
    for (const page of pages) {
      const operators = await page.getOperatorList();
      for (const [index, operator] of operators.fnArray.entries()) {
        if (operator !== pdfjs.OPS.paintImageXObject) continue;
        const id = (operators.argsArray[index] as [string])[0];
        const image = await new Promise<PdfImage>((resolve) => {
          page.objs.get(id, resolve);
        });
        const pgm = grayscalePgm(image);
        if (pgm) read.push(await recognise(pgm));
      }
    }
    return { text: read.join('\n'), via: 'ocr' };
  } finally {
    await loading.destroy();
  }
}

/** A PDF by its first bytes (`%PDF`), as the file's type may be missing or wrong. */
const isPdf = (bytes: Uint8Array) => bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;

/** Reads a receipt (an image, or a PDF with or without a text layer) and finds its fields. */
export async function readReceipt(bytes: Uint8Array, tools: ReadTools): Promise<ReceiptReading> {
  const { text, via } = isPdf(bytes) ? await readPdf(bytes, tools) : { text: await tools.recognise(bytes), via: 'ocr' as const };
  return { ...extractReceiptFields(text), via };
}
