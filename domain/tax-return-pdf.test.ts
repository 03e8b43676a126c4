import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { completeTaxForm } from './tax-form-fixture';
import { buildExtensionPdf, buildTaxReturnPdf, taxReturnForms, taxReturnPages } from './tax-return-pdf';

/** The PDF's text as a reader sees it (poppler's pdftotext), spaces folded. */
function pdfText(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'alta-return-')), 'return.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}
const reviewMark = 'Prepared by Alta: review before filing with the IRS';

const partner = { name: 'Ana Souza', percentage: 50, address: 'Rua Augusta 100, São Paulo', taxId: '912-70-1234', usResident: false };
const lineOf = (pages: ReturnType<typeof taxReturnPages>, number: string) =>
  pages.flatMap((page) => page.sections.flatMap((section) => section.lines)).find((line) => line.number === number);

describe('the prepared return', () => {
  it('is Form 5472 with a pro forma 1120 for a single-member LLC, the SSN/ITIN masked in the owner copy only', () => {
    const form = completeTaxForm({ partners: [{ ...partner, percentage: 100 }] });
    expect(taxReturnForms(form)).toEqual(['5472', 'proForma1120']);
    expect(lineOf(taxReturnPages(form, 'owner'), '4b(1)')?.value).toBe('***-**-1234');
    expect(lineOf(taxReturnPages(form, 'filed'), '4b(1)')?.value).toBe('912-70-1234');
    expect(taxReturnPages(form, 'owner')[1]?.banner).toBe('Foreign-owned U.S. DE');
    // The pro forma 1120 only identifies the entity: no income or deductions lines.
    expect(taxReturnPages(form, 'owner')[1]?.sections.map((section) => section.lines.map((line) => line.value))).toEqual([
      [form.companyName, form.ein, form.creationDate, '2025'],
    ]);
  });

  it('is Form 1065 with one K-1 per partner, each with its share of the profit', () => {
    const form = completeTaxForm({ partners: [partner, { ...partner, name: 'Bia Lima', percentage: 50, taxId: undefined }] });
    const pages = taxReturnPages(form, 'owner');
    expect(pages.map((page) => page.form)).toEqual(['Form 1065', 'Schedule K-1 (Form 1065)', 'Schedule K-1 (Form 1065)']);
    expect(lineOf(pages, '23')?.value).toBe('$9,000');
    expect(pages[2]?.sections[2]?.lines[0]?.value).toBe('$4,500');
    expect(lineOf(pages, 'I')?.value).toBe('2');
    expect(pages[0]?.sections.map((section) => section.heading)).toEqual(['Identification', 'Income', 'Deductions']);
  });

  it('is Form 1120 with Form 5472 for a foreign-owned C-Corp, tax at 21 %', () => {
    const pages = taxReturnPages(completeTaxForm({ companyType: 'C-Corp' }), 'owner');
    expect(pages.map((page) => page.form)).toEqual(['Form 1120', 'Form 5472 (Rev. December 2023)']);
    expect(lineOf(pages, '31')?.value).toBe('$1,890');
  });

  it('builds one PDF page per form, titled with the company and year, even for names outside Latin-1', async () => {
    const bytes = await buildTaxReturnPdf(completeTaxForm({ companyType: 'C-Corp', companyName: 'Ação Łódź LLC' }), {
      copy: 'owner',
      reviewMark: 'Preparado por Alta — revisar antes de presentar',
    });
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBe(2);
    expect(document.getTitle()).toBe('Ação Łódź LLC 2025');
  });
});

describe('Form 5472 parts and Form 1120 Schedule K question 7, read back from the PDF', () => {
  const usOwner = { name: 'John Smith', percentage: 75, address: '1 Main St, Austin TX', taxId: undefined, usResident: true };
  const foreignOwner = { name: 'Ana Souza', percentage: 25, address: 'Rua Augusta 100, São Paulo', taxId: undefined, usResident: false };
  const loan = { category: 'loanReceived' as const, amountCents: 25_000_00, date: '2025-05-02' };

  it('a C-Corp 25 % owned by a foreign person reports its shareholder loan in Part IV, not Part V, and answers Schedule K question 7', async () => {
    const form = completeTaxForm({ companyType: 'C-Corp', creationDate: '2025-02-01', partners: [usOwner, foreignOwner], capitalTransactions: [loan] });
    const text = pdfText(await buildTaxReturnPdf(form, { copy: 'owner', reviewMark }));
    expect(text).toContain('Part IV Monetary Transactions Between Reporting Corporations and Foreign Related Party');
    expect(text).toMatch(/17b Amounts borrowed: ending balance or monthly average \$25,000/);
    expect(text).not.toContain('Part V');
    expect(text).not.toContain('Foreign-Owned U.S. DE');
    // Part II names the foreign shareholder, not the larger US owner.
    expect(text).toMatch(/4a Name and address of direct 25% foreign shareholder Ana Souza/);
    expect(text).toMatch(/1f Total value of gross payments made or received\s[\s\S]*?\$25,000/);
    expect(text).toMatch(/Schedule K Other Information[\s\S]*7 At any time during the tax year[\s\S]*Yes/);
    expect(text).toMatch(/7a Percentage owned 25%/);
    expect(text).toMatch(/7b Owner's country BR/);
    expect(text).toMatch(/7c Number of Forms 5472 attached 1/);
  });

  it('a C-Corp without a 25 % foreign owner answers question 7 No and files no Form 5472', async () => {
    const form = completeTaxForm({
      companyType: 'C-Corp',
      partners: [
        { ...usOwner, percentage: 80 },
        { ...foreignOwner, percentage: 20 },
      ],
    });
    const text = pdfText(await buildTaxReturnPdf(form, { copy: 'owner', reviewMark }));
    expect(text).toMatch(/Schedule K Other Information[\s\S]*7 At any time during the tax year[\s\S]*No/);
    expect(text).not.toContain('7a Percentage owned');
    expect(text).not.toContain('Form 5472');
  });

  it('a foreign-owned single-member LLC keeps Part V, on a pro forma 1120 without Schedule K', async () => {
    const form = completeTaxForm({ capitalTransactions: [loan] });
    const text = pdfText(await buildTaxReturnPdf(form, { copy: 'owner', reviewMark }));
    expect(text).toContain('Part V Reportable Transactions of a Reporting Corporation That Is a Foreign-Owned U.S. DE');
    expect(text).toMatch(/Loan received \(2025-05-02\) \$25,000/);
    expect(text).not.toContain('Part IV');
    expect(text).not.toContain('Schedule K');
  });
});

describe('Form 7004, read back from the PDF', () => {
  // [case, form, form code, file by, extended deadline, tentative tax]
  const cases: [string, ReturnType<typeof completeTaxForm>, string, string, string, string][] = [
    ['pro forma 1120 of a foreign-owned LLC', completeTaxForm(), '12', '2026-04-15', '2026-10-15', '$0'],
    ['Form 1120 of a C-Corp, with its tentative tax', completeTaxForm({ companyType: 'C-Corp' }), '12', '2026-04-15', '2026-10-15', '$1,890'],
    [
      'Form 1065 of a multi-member LLC (15 March 2026 a Sunday)',
      completeTaxForm({
        partners: [
          { ...completeTaxForm().partners[0]!, percentage: 50 },
          { ...completeTaxForm().partners[0]!, name: 'Bia Lima', percentage: 50 },
        ],
      }),
      '09',
      '2026-03-16',
      '2026-09-15',
      '$0',
    ],
  ];
  it.each(cases)('%s', async (_case, form, formCode, fileBy, extended, tax) => {
    const text = pdfText((await buildExtensionPdf(form, { reviewMark }))!);
    expect(text).toContain('Form 7004');
    expect(text).toContain(`File by ${fileBy}; extends the due date to ${extended}`);
    expect(text).toMatch(new RegExp(`1 Form code for the return this application is for ${formCode}`));
    expect(text).toMatch(/5a The application is for calendar year 2025/);
    expect(text).toContain(`6 Tentative total tax ${tax}`);
    expect(text).toContain(reviewMark);
  });

  it('marks a first year that started after 1 January as the initial return', async () => {
    const text = pdfText((await buildExtensionPdf(completeTaxForm({ creationDate: '2025-06-01' }), { reviewMark }))!);
    expect(text).toContain('5b Short tax year: reason Initial return');
  });

  it('is not built when no return is due', async () => {
    expect(await buildExtensionPdf(completeTaxForm({ partners: [{ ...completeTaxForm().partners[0]!, usResident: true }] }), { reviewMark })).toBeNull();
  });
});
