import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Drawing form pages into a PDF (pdf-lib, no I/O): one page per form, its parts as shaded
 * headings, each line as number, label and value, the review mark at the top and bottom.
 */

export interface Line {
  /** IRS line number or item letter ("1a", "B", "Part II" heading rows have none). */
  number: string;
  label: string;
  value: string;
}

export interface FormPage {
  form: string;
  title: string;
  /** Printed across the top (the pro forma 1120 must say "Foreign-owned U.S. DE"). */
  banner?: string;
  sections: { heading: string; lines: Line[] }[];
}

const size = { width: 612, height: 792 };
const margin = 48;

/** Text the standard font can draw: characters outside its Latin-1 set become '?'. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** Splits text into lines no wider than `width` at `fontSize`. */
function wrap(font: PDFFont, text: string, fontSize: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, fontSize) <= width || !current) current = next;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function drawPage(page: PDFPage, content: FormPage, fonts: { regular: PDFFont; bold: PDFFont }, options: { reviewMark: string }, context: { taxYear: number }) {
  const ink = rgb(0.1, 0.1, 0.12);
  const muted = rgb(0.4, 0.4, 0.45);
  const text = (value: string, x: number, y: number, fontSize: number, font = fonts.regular, color = ink) =>
    page.drawText(printable(font, value), { x, y, size: fontSize, font, color });
  // The review mark, top and bottom of every page: this copy is prepared, not yet filed.
  page.drawRectangle({ x: 0, y: size.height - 28, width: size.width, height: 28, color: rgb(1, 0.93, 0.8) });
  text(options.reviewMark, margin, size.height - 19, 10, fonts.bold);
  let y = size.height - 60;
  text(content.form, margin, y, 16, fonts.bold);
  text(`Tax year ${context.taxYear}`, size.width - margin - 90, y, 11, fonts.bold);
  y -= 18;
  for (const line of wrap(fonts.regular, content.title, 10, size.width - 2 * margin)) {
    text(line, margin, y, 10, fonts.regular, muted);
    y -= 13;
  }
  if (content.banner) {
    y -= 6;
    text(content.banner, margin, y, 13, fonts.bold);
    y -= 8;
  }
  for (const section of content.sections) {
    y -= 18;
    page.drawRectangle({ x: margin, y: y - 4, width: size.width - 2 * margin, height: 16, color: rgb(0.9, 0.91, 0.94) });
    text(section.heading, margin + 4, y, 10, fonts.bold);
    y -= 18;
    for (const line of section.lines) {
      const labelLines = wrap(fonts.regular, line.label, 9, 250);
      const valueLines = wrap(fonts.regular, printable(fonts.regular, line.value), 10, size.width - 2 * margin - 330);
      text(line.number, margin + 4, y, 9, fonts.bold);
      labelLines.forEach((part, index) => text(part, margin + 60, y - index * 11, 9));
      valueLines.forEach((part, index) => text(part, margin + 330, y - index * 12, 10, fonts.bold));
      y -= Math.max(labelLines.length * 11, valueLines.length * 12) + 6;
      page.drawLine({ start: { x: margin, y: y + 3 }, end: { x: size.width - margin, y: y + 3 }, thickness: 0.3, color: rgb(0.8, 0.8, 0.82) });
    }
  }
  text(options.reviewMark, margin, 24, 8, fonts.regular, muted);
}

/** The pages as one PDF file, each under the review mark. */
export async function buildFormsPdf(title: string, pages: FormPage[], options: { reviewMark: string }, taxYear: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  document.setProducer('Alta');
  const fonts = { regular: await document.embedFont(StandardFonts.Helvetica), bold: await document.embedFont(StandardFonts.HelveticaBold) };
  for (const content of pages) drawPage(document.addPage([size.width, size.height]), content, fonts, options, { taxYear });
  return document.save();
}
