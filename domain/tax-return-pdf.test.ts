import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { completeTaxForm } from './tax-form-fixture';
import { buildTaxReturnPdf, taxReturnForms, taxReturnPages } from './tax-return-pdf';

const partner = { name: 'Ana Souza', percentage: 50, address: 'Rua Augusta 100, São Paulo', taxId: '912-70-1234', usResident: false };
const lineOf = (pages: ReturnType<typeof taxReturnPages>, number: string) => pages.flatMap((page) => page.sections.flatMap((section) => section.lines)).find((line) => line.number === number);

describe('the prepared return', () => {
  it('is Form 5472 with a pro forma 1120 for a single-member LLC, the SSN/ITIN masked in the owner copy only', () => {
    const form = completeTaxForm({ partners: [{ ...partner, percentage: 100 }] });
    expect(taxReturnForms(form)).toEqual(['5472', 'proForma1120']);
    expect(lineOf(taxReturnPages(form, 'owner'), '4b(1)')?.value).toBe('***-**-1234');
    expect(lineOf(taxReturnPages(form, 'filed'), '4b(1)')?.value).toBe('912-70-1234');
    expect(taxReturnPages(form, 'owner')[1]?.banner).toBe('Foreign-owned U.S. DE');
    // The pro forma 1120 only identifies the entity: no income or deductions lines.
    expect(taxReturnPages(form, 'owner')[1]?.sections.map((section) => section.lines.map((line) => line.value))).toEqual([[form.companyName, form.ein, form.creationDate, '2025']]);
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
    const bytes = await buildTaxReturnPdf(completeTaxForm({ companyType: 'C-Corp', companyName: 'Ação Łódź LLC' }), { copy: 'owner', reviewMark: 'Preparado por Alta — revisar antes de presentar' });
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBe(2);
    expect(document.getTitle()).toBe('Ação Łódź LLC 2025');
  });
});
