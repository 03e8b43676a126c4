import { maskTaxId } from './tax-id';
import { extensionFor, reportableForeignOwnership, returnDue, type TaxFiler, type TaxFormCode } from './tax-deadlines';
import type { TaxFormData } from './tax-form';
import { buildFormsPdf, type FormPage, type Line } from './form-pdf';

/**
 * The prepared return as PDF pages (pdf-lib, no I/O), built by the browser's worker for the
 * owner's copy and by the server for the copy Alta's team files. Each page is one IRS form
 * laid out with the IRS's own part and line numbers and line labels, only for the lines
 * Alta fills, in US dollars rounded to whole dollars as the IRS asks. The labels are the
 * IRS's English wording (the forms exist only in English); the review mark comes translated
 * from the caller. It is a working copy for review, not the IRS's fillable form.
 */

export interface TaxReturnPdfOptions {
  /** `owner`: partners' SSN/ITIN masked; `filed`: in full, for Alta's team only. */
  copy: 'owner' | 'filed';
  /** "Prepared by Alta — to be reviewed before filing", in the reader's language. */
  reviewMark: string;
}

// One formatter for every amount of the return: building one costs far more than formatting with it.
const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dollars = (cents: number) => `$${wholeDollars.format(Math.round(cents / 100))}`;
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The company as the deadline rules see it, from the form's own answers (company type, owners, creation date). */
const filerOf = (form: TaxFormData): TaxFiler => ({ type: form.companyType, owners: form.partners, formationDate: form.creationDate, migrated: false });

/** The forms of the return, from the form's own answers. */
export function taxReturnForms(form: TaxFormData): TaxFormCode[] {
  return returnDue(filerOf(form), form.taxYear)?.forms ?? [];
}

/** The foreign person Form 5472 reports as the 25% foreign shareholder: the largest owner who is not a US resident (the largest owner when none is). */
function foreignShareholderOf(form: TaxFormData) {
  const byShare = [...form.partners].sort((a, b) => b.percentage - a.percentage);
  return byShare.find((partner) => !partner.usResident) ?? byShare[0]!;
}

function taxIdOf(taxId: string | undefined, copy: TaxReturnPdfOptions['copy']): string {
  if (!taxId) return 'None (foreign person)';
  return copy === 'filed' ? taxId : (maskTaxId(taxId) ?? '');
}

/** The return's figures in cents, each IRS income-return line prints one of them. */
function figuresOf(form: TaxFormData) {
  const { income, expenses, salariesAndFreelancersPayments: salaries, rent } = form.profits;
  const deductions = expenses + salaries + rent;
  const profit = income - deductions;
  const taxable = Math.max(0, profit);
  // IRC §11(b): a flat 21 % since 2018.
  return { income, expenses, salaries, rent, deductions, profit, taxable, tax: Math.round(taxable * 0.21) };
}
type Figure = keyof ReturnType<typeof figuresOf>;

/** What the identification lines print, from the form. */
const identifiers = {
  name: (form: TaxFormData) => form.companyName,
  ein: (form: TaxFormData) => form.ein,
  created: (form: TaxFormData) => form.creationDate,
  activity: (form: TaxFormData) => form.mainActivity,
  activityCode: (form: TaxFormData) => form.activityCode,
  k1Count: (form: TaxFormData) => String(form.partners.length),
  taxYear: (form: TaxFormData) => String(form.taxYear),
};

/** A line of a layout: the IRS's line number and label, and what it prints. */
type LayoutLine<Key> = readonly [number: string, label: string, key: Key];

/** An income return's page (1120, pro forma 1120, 1065): the IRS's lines, each naming what it prints. */
interface ReturnLayout {
  form: string;
  title: string;
  banner?: string;
  identification: readonly LayoutLine<keyof typeof identifiers>[];
  income?: readonly LayoutLine<Figure>[];
  deductions?: readonly LayoutLine<Figure>[];
  /** Schedule K, Other Information: question 7 (a foreign person owning at least 25 %). */
  foreignOwnerQuestion?: boolean;
}

const returnLayouts = {
  proForma1120: {
    form: 'Form 1120 (pro forma)',
    title: 'U.S. Corporation Income Tax Return',
    banner: 'Foreign-owned U.S. DE',
    identification: [
      ['Name', 'Name', 'name'],
      ['B', 'Employer identification number', 'ein'],
      ['C', 'Date incorporated', 'created'],
      ['Tax year', 'Calendar year', 'taxYear'],
    ],
  },
  '1120': {
    form: 'Form 1120',
    title: 'U.S. Corporation Income Tax Return',
    identification: [
      ['Name', 'Name', 'name'],
      ['B', 'Employer identification number', 'ein'],
      ['C', 'Date incorporated', 'created'],
      ['Sch. K 2a', 'Business activity code no.', 'activityCode'],
    ],
    income: [
      ['1a', 'Gross receipts or sales', 'income'],
      ['11', 'Total income', 'income'],
    ],
    deductions: [
      ['13', 'Salaries and wages', 'salaries'],
      ['16', 'Rents', 'rent'],
      ['26', 'Other deductions', 'expenses'],
      ['27', 'Total deductions', 'deductions'],
      ['28', 'Taxable income before net operating loss deduction and special deductions', 'profit'],
      ['30', 'Taxable income', 'taxable'],
      ['31', 'Total tax', 'tax'],
    ],
    foreignOwnerQuestion: true,
  },
  '1065': {
    form: 'Form 1065',
    title: 'U.S. Return of Partnership Income',
    identification: [
      ['Name', 'Name of partnership', 'name'],
      ['A', 'Principal business activity', 'activity'],
      ['C', 'Business code number', 'activityCode'],
      ['D', 'Employer identification number', 'ein'],
      ['E', 'Date business started', 'created'],
      ['I', 'Number of Schedules K-1 attached', 'k1Count'],
    ],
    income: [
      ['1a', 'Gross receipts or sales', 'income'],
      ['8', 'Total income (loss)', 'income'],
    ],
    deductions: [
      ['9', 'Salaries and wages (other than to partners)', 'salaries'],
      ['13', 'Rent', 'rent'],
      ['21', 'Other deductions', 'expenses'],
      ['22', 'Total deductions', 'deductions'],
      ['23', 'Ordinary business income (loss)', 'profit'],
    ],
  },
} as const satisfies Record<string, ReturnLayout>;

/** One income return's page from its layout: identification, then income and deductions when the layout has them. */
function incomeReturn(form: TaxFormData, layout: ReturnLayout): FormPage {
  const figures = figuresOf(form);
  const money = (lines: readonly LayoutLine<Figure>[]) => lines.map(([number, label, figure]) => ({ number, label, value: dollars(figures[figure]) }));
  const sections = [
    { heading: 'Identification', lines: layout.identification.map(([number, label, field]) => ({ number, label, value: identifiers[field](form) })) },
  ];
  if (layout.income) sections.push({ heading: 'Income', lines: money(layout.income) });
  if (layout.deductions) sections.push({ heading: 'Deductions', lines: money(layout.deductions) });
  if (layout.foreignOwnerQuestion) sections.push({ heading: 'Schedule K Other Information', lines: foreignOwnerLines(form) });
  return { form: layout.form, title: layout.title, ...(layout.banner ? { banner: layout.banner } : {}), sections };
}

/**
 * Form 1120, Schedule K, question 7: did one foreign person own at least 25 % of the
 * corporation at any time during the year; if so (a) the percentage, (b) the owner's country,
 * (c) the number of Forms 5472 attached.
 */
function foreignOwnerLines(form: TaxFormData): Line[] {
  const owner = foreignShareholderOf(form);
  const reportable = !owner.usResident && owner.percentage >= reportableForeignOwnership;
  const question = {
    number: '7',
    label:
      'At any time during the tax year, did one foreign person own, directly or indirectly, at least 25% of the total voting power or the total value of all classes of stock of the corporation?',
    value: yesNo(reportable),
  };
  if (!reportable) return [question];
  return [
    question,
    { number: '7a', label: 'Percentage owned', value: `${owner.percentage}%` },
    { number: '7b', label: "Owner's country", value: form.taxResidenceCountry },
    { number: '7c', label: 'Number of Forms 5472 attached', value: String(form5472Count) },
  ];
}

/** Alta prepares one Form 5472, for the largest foreign shareholder (the wizard's capital transactions name no counterparty). */
const form5472Count = 1;

/** The year's money between the company and its owner, by capital category, in cents. */
function capitalTotals(form: TaxFormData) {
  const totals = { contribution: 0, distribution: 0, loanReceived: 0, loanRepaid: 0 };
  for (const transaction of form.capitalTransactions) totals[transaction.category] += transaction.amountCents;
  return totals;
}

/**
 * Part IV of a corporation's Form 5472 (monetary transactions with the foreign related party,
 * line numbers of the December 2021 and later revisions): amounts borrowed on lines 17a/17b,
 * contributions as other amounts received (21), distributions as other amounts paid (35),
 * with the totals of lines 22 and 36. The balance at the start of the year is known only in
 * the company's first year (nothing borrowed before it existed).
 */
function partIV(form: TaxFormData): { lines: Line[]; totalCents: number } {
  const totals = capitalTotals(form);
  const netBorrowed = totals.loanReceived - totals.loanRepaid;
  const firstYear = form.creationDate.slice(0, 4) === String(form.taxYear);
  const ending = firstYear ? Math.max(0, netBorrowed) : null;
  const received = (ending ?? 0) + totals.contribution;
  return {
    totalCents: received + totals.distribution,
    lines: [
      { number: '17a', label: 'Amounts borrowed: beginning balance', value: firstYear ? dollars(0) : "Ending balance of last year's line 17b" },
      {
        number: '17b',
        label: 'Amounts borrowed: ending balance or monthly average',
        value: ending !== null ? dollars(ending) : `Line 17a ${netBorrowed < 0 ? '-' : '+'} ${dollars(Math.abs(netBorrowed))}`,
      },
      { number: '21', label: 'Other amounts received (contributions to capital)', value: dollars(totals.contribution) },
      { number: '22', label: 'Total. Combine amounts on lines 9 through 21', value: dollars(received) },
      { number: '35', label: 'Other amounts paid (distributions)', value: dollars(totals.distribution) },
      { number: '36', label: 'Total. Combine amounts on lines 23 through 35', value: dollars(totals.distribution) },
    ],
  };
}

/** Part V, for a foreign-owned U.S. disregarded entity only: every transaction with its owner, contributions and distributions included. */
function partV(form: TaxFormData): { lines: Line[]; totalCents: number } {
  const lines =
    form.capitalTransactions.length > 0
      ? form.capitalTransactions.map((transaction) => ({
          number: 'V',
          label: `${capitalLabels[transaction.category]} (${transaction.date})`,
          value: dollars(transaction.amountCents),
        }))
      : [{ number: 'V', label: 'Contributions to and distributions from the entity', value: dollars(0) }];
  return { lines, totalCents: form.capitalTransactions.reduce((sum, transaction) => sum + transaction.amountCents, 0) };
}

function form5472(form: TaxFormData, copy: TaxReturnPdfOptions['copy']): FormPage {
  const owner = foreignShareholderOf(form);
  // A foreign-owned single-member LLC is a disregarded entity (Part V); a corporation reports in Part IV.
  const disregarded = form.companyType === 'LLC';
  const transactions = disregarded ? partV(form) : partIV(form);
  return {
    form: 'Form 5472 (Rev. December 2023)',
    title: 'Information Return of a 25% Foreign-Owned U.S. Corporation or a Foreign Corporation Engaged in a U.S. Trade or Business',
    sections: [
      {
        heading: 'Part I Reporting Corporation',
        lines: [
          { number: '1a', label: 'Name of reporting corporation', value: form.companyName },
          { number: '1a', label: 'State', value: form.usState },
          { number: '1b', label: 'Employer identification number', value: form.ein },
          { number: '1d', label: 'Principal business activity', value: form.mainActivity },
          { number: '1e', label: 'Principal business activity code', value: form.activityCode },
          { number: '1f', label: 'Total value of gross payments made or received reported on this Form 5472', value: dollars(transactions.totalCents) },
          { number: '1g', label: 'Total number of Forms 5472 filed for the tax year', value: String(form5472Count) },
          { number: '1j', label: 'Country of incorporation', value: 'United States' },
          { number: '1l', label: 'Principal country(ies) where business is conducted', value: form.countriesWorkedFrom.join(', ') },
        ],
      },
      {
        heading: 'Part II 25% Foreign Shareholder',
        lines: [
          { number: '4a', label: 'Name and address of direct 25% foreign shareholder', value: `${owner.name}, ${owner.address}` },
          { number: '4b(1)', label: 'U.S. identifying number, if any', value: taxIdOf(owner.taxId, copy) },
          { number: '4b(3)', label: 'Foreign taxpayer identification number (FTIN), if any', value: form.countryTaxId },
          { number: '4c', label: 'Principal country(ies) where business is conducted', value: form.countriesWorkedFrom.join(', ') },
          { number: '4d', label: 'Country of citizenship, organization, or incorporation', value: form.nationality },
          { number: '4e', label: 'Country(ies) under whose laws the shareholder files an income tax return as a resident', value: form.taxResidenceCountry },
        ],
      },
      disregarded
        ? { heading: 'Part V Reportable Transactions of a Reporting Corporation That Is a Foreign-Owned U.S. DE', lines: transactions.lines }
        : { heading: 'Part IV Monetary Transactions Between Reporting Corporations and Foreign Related Party', lines: transactions.lines },
    ],
  };
}

const capitalLabels = {
  contribution: 'Contribution to the entity',
  distribution: 'Distribution from the entity',
  loanReceived: 'Loan received',
  loanRepaid: 'Loan repaid',
} as const;

function scheduleK1(form: TaxFormData, partner: TaxFormData['partners'][number], copy: TaxReturnPdfOptions['copy']): FormPage {
  const share = Math.round((figuresOf(form).profit * partner.percentage) / 100);
  return {
    form: 'Schedule K-1 (Form 1065)',
    title: "Partner's Share of Income, Deductions, Credits, etc.",
    sections: [
      {
        heading: 'Part I Information About the Partnership',
        lines: [
          { number: 'A', label: "Partnership's employer identification number", value: form.ein },
          { number: 'B', label: "Partnership's name", value: form.companyName },
        ],
      },
      {
        heading: 'Part II Information About the Partner',
        lines: [
          { number: 'E', label: 'TIN', value: taxIdOf(partner.taxId, copy) },
          { number: 'F', label: 'Name and address of partner', value: `${partner.name}, ${partner.address}` },
          { number: 'H1', label: 'Domestic partner or foreign partner', value: partner.usResident ? 'Domestic partner' : 'Foreign partner' },
          { number: 'J', label: "Partner's share of profit, loss, and capital (ending)", value: `${partner.percentage}%` },
        ],
      },
      { heading: "Part III Partner's Share of Current Year Income", lines: [{ number: '1', label: 'Ordinary business income (loss)', value: dollars(share) }] },
    ],
  };
}

/** The pages of the return, in filing order (a K-1 per partner after the 1065). */
export function taxReturnPages(form: TaxFormData, copy: TaxReturnPdfOptions['copy']): FormPage[] {
  const pages: FormPage[] = [];
  for (const code of taxReturnForms(form)) {
    if (code === '5472') pages.push(form5472(form, copy));
    else if (code === 'proForma1120' || code === '1120' || code === '1065') pages.push(incomeReturn(form, returnLayouts[code]));
    else for (const partner of form.partners) pages.push(scheduleK1(form, partner, copy));
  }
  return pages;
}

/**
 * Form 7004 for the return, filled from the same form: the return's code (Part I line 1), the
 * calendar year, a short first year marked as the initial return, and the tentative tax (the
 * 1120's; nothing for a pro forma 1120 or a 1065, which pay no federal income tax), no
 * payments counted. Null when no return is due. The banner says it must be filed by the
 * return's own deadline: a late 7004 extends nothing.
 */
export function extensionPage(form: TaxFormData): FormPage | null {
  const due = returnDue(filerOf(form), form.taxYear);
  if (!due) return null;
  const extension = extensionFor(due);
  const tax = due.forms.includes('1120') ? figuresOf(form).tax : 0;
  const initial = form.creationDate.slice(0, 4) === String(form.taxYear) && form.creationDate.slice(5) !== '01-01';
  return {
    form: 'Form 7004 (Rev. December 2018)',
    title: 'Application for Automatic Extension of Time To File Certain Business Income Tax, Information, and Other Returns',
    banner: `File by ${extension.fileBy}; extends the due date to ${extension.extendedDeadline}`,
    sections: [
      {
        heading: 'Identification',
        lines: [
          { number: 'Name', label: 'Name', value: form.companyName },
          { number: 'Number', label: 'Identifying number', value: form.ein },
        ],
      },
      {
        heading: 'Part I Automatic Extension for Certain Business Income Tax, Information, and Other Returns',
        lines: [{ number: '1', label: 'Form code for the return this application is for', value: extension.formCode }],
      },
      {
        heading: 'Part II All Filers Must Complete This Part',
        lines: [
          { number: '5a', label: 'The application is for calendar year', value: String(form.taxYear) },
          { number: '5b', label: 'Short tax year: reason', value: initial ? 'Initial return' : 'Not a short tax year' },
          { number: '6', label: 'Tentative total tax', value: dollars(tax) },
          { number: '7', label: 'Total payments and credits', value: dollars(0) },
          { number: '8', label: 'Balance due. Subtract line 7 from line 6', value: dollars(tax) },
        ],
      },
    ],
  };
}

/** The whole return as one PDF file. */
export async function buildTaxReturnPdf(form: TaxFormData, options: TaxReturnPdfOptions): Promise<Uint8Array> {
  return buildFormsPdf(`${form.companyName} ${form.taxYear}`, taxReturnPages(form, options.copy), options, form.taxYear);
}

/** Form 7004 for the return as a PDF file of its own (it is filed before the return, by the return's deadline); null when no return is due. */
export async function buildExtensionPdf(form: TaxFormData, options: Pick<TaxReturnPdfOptions, 'reviewMark'>): Promise<Uint8Array | null> {
  const page = extensionPage(form);
  return page && buildFormsPdf(`${form.companyName} ${form.taxYear} Form 7004`, [page], options, form.taxYear);
}
