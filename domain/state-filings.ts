import type { CompanyType } from './company';

/**
 * The state filings of a company by its state of formation and type: what each state asks and
 * when it falls due, as a table with its statutes (domain/company-deadlines.ts computes the dates).
 */

/** What a state asks each year (or once, or every other year) of a company formed there. */
export const stateFilingNames = [
  'annualReport',
  'annualTax',
  'franchiseTax',
  'annualList',
  'initialReport',
  'annualRegistration',
  'periodicReport',
  'biennialStatement',
  'publication',
  'biennialReport',
  'statementOfInformation',
  'annualStatement',
  'annualRenewal',
  'annualCertificate',
  'businessPrivilegeTax',
] as const;
export type StateFilingName = (typeof stateFilingNames)[number];

/**
 * When a state filing falls: on a fixed day each year; on the first day of the month the
 * company was formed in (its anniversary month); on the last day of the month `monthsAfter`
 * that one (0 the same month, -1 the month before, 2 two months later); on the day and month it
 * was formed; on the last day of the calendar quarter it was formed in; or once, some days after
 * formation. `none` records that the state asks nothing of that type, so the table says so
 * rather than leaving the state out. A yearly filing is first due in the year after formation;
 * one every `everyYears` years, that many years after it unless `firstAfterYears` says otherwise;
 * `calendarYears` keeps only the odd or even years a state assigns to everyone (Iowa, Nebraska).
 */
export type StateFilingDue =
  | ({ kind: 'fixedDay'; month: number; day: number } & StateFilingCycle)
  | ({ kind: 'anniversaryMonthFirstDay' } & StateFilingCycle)
  | ({ kind: 'anniversaryMonthEnd'; monthsAfter: number } & StateFilingCycle)
  | ({ kind: 'anniversaryDay' } & StateFilingCycle)
  | ({ kind: 'anniversaryQuarterEnd' } & StateFilingCycle)
  | { kind: 'daysAfterFormation'; days: number }
  | { kind: 'none' };

export interface StateFilingCycle {
  everyYears?: number;
  firstAfterYears?: number;
  calendarYears?: 'odd' | 'even';
  /** Formed in this month (1–12) or later, the first filing waits one more year (Michigan). */
  lateFormationFromMonth?: number;
}

export interface StateFilingRule {
  state: string;
  type: Exclude<CompanyType, 'Cross Border Crypto'>;
  filing: StateFilingName;
  due: StateFilingDue;
}

/**
 * The state filings Alta knows, by state of formation and company type: every state the wizard
 * offers (domain/countries.ts `usStates`) has at least one row per type, `none` where the state
 * asks nothing. A state or type absent here would get no state row rather than a guessed date. Dates are the statutory
 * ones, not moved past weekends (the states differ on that; filing earlier is always allowed).
 */
export const stateFilingRules: readonly StateFilingRule[] = [
  // 6 Del. C. §18-1107(b)–(c): every domestic LLC pays an annual tax of $300 on or before June 1.
  { state: 'DE', type: 'LLC', filing: 'annualTax', due: { kind: 'fixedDay', month: 6, day: 1 } },
  // 8 Del. C. §502(a) and §503: the annual franchise tax report and the tax are due on or before March 1.
  { state: 'DE', type: 'C-Corp', filing: 'franchiseTax', due: { kind: 'fixedDay', month: 3, day: 1 } },
  // Wyo. Stat. §17-29-209 (LLC) and §17-16-1630 (corporation): the annual report and license tax are
  // due on or before the first day of the anniversary month of formation, from the year after it.
  { state: 'WY', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryMonthFirstDay' } },
  { state: 'WY', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryMonthFirstDay' } },
  // Fla. Stat. §605.0212 (LLC) and §607.1622 (corporation): the annual report is filed between
  // January 1 and May 1 of each year after the year of formation; after May 1 a $400 late fee applies.
  { state: 'FL', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 5, day: 1 } },
  { state: 'FL', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 5, day: 1 } },
  // N.M. Stat. §53-5-2(A): a corporation files its first report within 30 days of its certificate of
  // incorporation. Its later reports are biennial (15th day of the 4th month after its tax year) in
  // the even or odd years the state assigns by its business ID, which Alta does not hold, so they are
  // not listed. New Mexico LLCs file no annual report (the LLC Act, N.M. Stat. ch. 53 art. 19, has none).
  { state: 'NM', type: 'C-Corp', filing: 'initialReport', due: { kind: 'daysAfterFormation', days: 30 } },
  { state: 'NM', type: 'LLC', filing: 'annualReport', due: { kind: 'none' } },
  // Tex. Tax Code §171.202(a): the franchise tax report (with the public information report) is due
  // May 15 of each year; the first one in the year after the entity's beginning date (§171.1532).
  { state: 'TX', type: 'LLC', filing: 'franchiseTax', due: { kind: 'fixedDay', month: 5, day: 15 } },
  { state: 'TX', type: 'C-Corp', filing: 'franchiseTax', due: { kind: 'fixedDay', month: 5, day: 15 } },
  // NRS 86.263 (LLC) and NRS 78.150 (corporation): the annual list is filed on or before the last day
  // of the anniversary month of formation (the initial list, due by the end of the first month, is
  // filed with the formation).
  { state: 'NV', type: 'LLC', filing: 'annualList', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  { state: 'NV', type: 'C-Corp', filing: 'annualList', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  // O.C.G.A. §14-11-1103(c) (LLC) and §14-2-1622(c) (corporation): the annual registration is delivered
  // between January 1 and April 1 of each year after the year of formation.
  { state: 'GA', type: 'LLC', filing: 'annualRegistration', due: { kind: 'fixedDay', month: 4, day: 1 } },
  { state: 'GA', type: 'C-Corp', filing: 'annualRegistration', due: { kind: 'fixedDay', month: 4, day: 1 } },
  // 805 ILCS 180/50-1(b) (LLC) and 805 ILCS 5/14.05 (corporation): the annual report is delivered within
  // the 60 days before the first day of the anniversary month, so by the last day of the month before.
  { state: 'IL', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: -1 } },
  { state: 'IL', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: -1 } },
  // C.R.S. §7-90-501(3)(c): every reporting entity (LLC and corporation) delivers its periodic report no
  // later than the last day of the second calendar month after its anniversary month, each year.
  { state: 'CO', type: 'LLC', filing: 'periodicReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 2 } },
  { state: 'CO', type: 'C-Corp', filing: 'periodicReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 2 } },
  // N.Y. LLC Law §206(a): an LLC publishes notice of its formation and files the certificate of
  // publication within 120 days of formation, or its authority to do business is suspended.
  { state: 'NY', type: 'LLC', filing: 'publication', due: { kind: 'daysAfterFormation', days: 120 } },
  // N.Y. LLC Law §301(e) (LLC) and Business Corporation Law §408 (corporation): a biennial statement
  // every two years, filed during the calendar month of the original filing (not before it).
  { state: 'NY', type: 'LLC', filing: 'biennialStatement', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0, everyYears: 2 } },
  { state: 'NY', type: 'C-Corp', filing: 'biennialStatement', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0, everyYears: 2 } },
  // Ala. Code §40-14A-25 (Department of Revenue, "When is the Alabama Business Privilege Tax return due?"):
  // the business privilege tax return and annual report is due 2½ months after the taxable year begins
  // for a limited liability entity (Form PPT, March 15) and 3½ months for a C corporation (Form CPT, April 15).
  { state: 'AL', type: 'LLC', filing: 'businessPrivilegeTax', due: { kind: 'fixedDay', month: 3, day: 15 } },
  { state: 'AL', type: 'C-Corp', filing: 'businessPrivilegeTax', due: { kind: 'fixedDay', month: 4, day: 15 } },
  // AS 10.50.750 (LLC) and AS 10.06.811(a) (corporation), and the Division of Corporations' biennial report FAQ:
  // a biennial report due January 2 of every other year, in the even years for a company formed in an even
  // year and the odd ones otherwise. (The initial report, due within 6 months of formation, is not listed.)
  { state: 'AK', type: 'LLC', filing: 'biennialReport', due: { kind: 'fixedDay', month: 1, day: 2, everyYears: 2 } },
  { state: 'AK', type: 'C-Corp', filing: 'biennialReport', due: { kind: 'fixedDay', month: 1, day: 2, everyYears: 2 } },
  // A.R.S. Title 29 asks an Arizona LLC for no annual report; A.R.S. §10-1622: a corporation's annual
  // report is due each year on the anniversary date of its incorporation.
  { state: 'AZ', type: 'LLC', filing: 'annualReport', due: { kind: 'none' } },
  { state: 'AZ', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryDay' } },
  // Ark. Code §26-54-104 and §26-54-107: the annual franchise tax report is due on or before May 1.
  { state: 'AR', type: 'LLC', filing: 'franchiseTax', due: { kind: 'fixedDay', month: 5, day: 1 } },
  { state: 'AR', type: 'C-Corp', filing: 'franchiseTax', due: { kind: 'fixedDay', month: 5, day: 1 } },
  // Cal. Corp. Code §17702.09 (LLC): the statement of information within 90 days of formation, then every
  // two years by the end of the anniversary month. Cal. Rev. & Tax. Code §17941 (LLC annual tax, Form 3522)
  // and §18601 (corporation franchise tax return, Form 100): the 15th day of the 4th month of, respectively
  // after, a calendar taxable year, April 15. Cal. Corp. Code §1502: a corporation's statement of
  // information within 90 days of incorporation, then each year by the end of the anniversary month.
  // An LLC's first annual tax, due in its formation year, is not listed: Alta does not hold its taxable year.
  { state: 'CA', type: 'LLC', filing: 'statementOfInformation', due: { kind: 'daysAfterFormation', days: 90 } },
  { state: 'CA', type: 'LLC', filing: 'statementOfInformation', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0, everyYears: 2 } },
  { state: 'CA', type: 'LLC', filing: 'annualTax', due: { kind: 'fixedDay', month: 4, day: 15 } },
  { state: 'CA', type: 'C-Corp', filing: 'statementOfInformation', due: { kind: 'daysAfterFormation', days: 90 } },
  { state: 'CA', type: 'C-Corp', filing: 'statementOfInformation', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  { state: 'CA', type: 'C-Corp', filing: 'franchiseTax', due: { kind: 'fixedDay', month: 4, day: 15 } },
  // Conn. Gen. Stat. §34-247k(c) (LLC, from 2025): the annual report is filed after January 1 and before April 1
  // of each year after formation; §33-953 (corporation): during the anniversary month of incorporation.
  { state: 'CT', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 3, day: 31 } },
  { state: 'CT', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  // D.C. Code §29-102.11(c): the first biennial report by April 1 of the year after the year of formation, then
  // by April 1 of each second calendar year.
  { state: 'DC', type: 'LLC', filing: 'biennialReport', due: { kind: 'fixedDay', month: 4, day: 1, everyYears: 2, firstAfterYears: 1 } },
  { state: 'DC', type: 'C-Corp', filing: 'biennialReport', due: { kind: 'fixedDay', month: 4, day: 1, everyYears: 2, firstAfterYears: 1 } },
  // HRS §428-210 (LLC) and §414-472 (corporation): the annual report is filed by the end of the calendar
  // quarter in which the date of registration falls.
  { state: 'HI', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryQuarterEnd' } },
  { state: 'HI', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryQuarterEnd' } },
  // Idaho Code §30-21-213: every entity's annual report is due by the end of its anniversary month.
  { state: 'ID', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  { state: 'ID', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  // Ind. Code §23-0.5-2-13(c) and INBiz "Business Entity Reports": the business entity report every two years,
  // by the end of the anniversary month.
  { state: 'IN', type: 'LLC', filing: 'biennialReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0, everyYears: 2 } },
  { state: 'IN', type: 'C-Corp', filing: 'biennialReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0, everyYears: 2 } },
  // Iowa Code §489.212 (LLC; §489.211A before 2024 Iowa Acts ch. 1125) and §490.1621 (corporation): the biennial
  // report between January 1 and April 1 of each odd-numbered year, the first in the first odd year after the
  // year of formation.
  { state: 'IA', type: 'LLC', filing: 'biennialReport', due: { kind: 'fixedDay', month: 4, day: 1, firstAfterYears: 1, calendarYears: 'odd' } },
  { state: 'IA', type: 'C-Corp', filing: 'biennialReport', due: { kind: 'fixedDay', month: 4, day: 1, firstAfterYears: 1, calendarYears: 'odd' } },
  // K.S.A. 17-76,139 (LLC) and 17-7503 (corporation) as amended by 2021 HB 2391: from 2024 the information report
  // is biennial, in the odd or even years of the formation year, due with the Kansas income tax return, the
  // 15th day of the 4th month after the tax year ends (April 15 for a calendar year).
  { state: 'KS', type: 'LLC', filing: 'biennialReport', due: { kind: 'fixedDay', month: 4, day: 15, everyYears: 2 } },
  { state: 'KS', type: 'C-Corp', filing: 'biennialReport', due: { kind: 'fixedDay', month: 4, day: 15, everyYears: 2 } },
  // KRS 14A.6-010: the annual report is delivered between January 1 and June 30 of each year after formation.
  { state: 'KY', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 6, day: 30 } },
  { state: 'KY', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 6, day: 30 } },
  // La. R.S. 12:1308.1 (LLC) and 12:1-1621 (corporation): the annual report is due on or before the
  // anniversary date of formation.
  { state: 'LA', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryDay' } },
  { state: 'LA', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryDay' } },
  // 31 M.R.S. §1665 (LLC) and 13-C M.R.S. §1621 (corporation): the annual report is due June 1.
  { state: 'ME', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 6, day: 1 } },
  { state: 'ME', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 6, day: 1 } },
  // Md. Code, Tax–Property §11-101: the annual report (and personal property return) is due April 15.
  { state: 'MD', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 15 } },
  { state: 'MD', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 15 } },
  // M.G.L. c. 156C §12 and the Corporations Division's LLC page (LLC): the annual report is due on or before the
  // anniversary date of formation; c. 156D §16.22 (corporation): within 2½ months after the fiscal year ends,
  // March 15 for a calendar year.
  { state: 'MA', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryDay' } },
  { state: 'MA', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 3, day: 15 } },
  // MCL 450.4207 (LLC): the annual statement is due February 15, but not the one right after a formation
  // after September 30; MCL 450.1911(1)–(2) (corporation): the annual report is due May 15, from the year
  // after incorporation.
  { state: 'MI', type: 'LLC', filing: 'annualStatement', due: { kind: 'fixedDay', month: 2, day: 15, lateFormationFromMonth: 10 } },
  { state: 'MI', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 5, day: 15 } },
  // Minn. Stat. §322C.0212 (LLC) and §302A.821 (corporation): the annual renewal is filed by December 31
  // of each year after formation.
  { state: 'MN', type: 'LLC', filing: 'annualRenewal', due: { kind: 'fixedDay', month: 12, day: 31 } },
  { state: 'MN', type: 'C-Corp', filing: 'annualRenewal', due: { kind: 'fixedDay', month: 12, day: 31 } },
  // Miss. Code §79-29-217 (LLC) and §79-4-16.22 (corporation): the annual report is due April 15.
  { state: 'MS', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 15 } },
  { state: 'MS', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 15 } },
  // RSMo ch. 347 asks a Missouri LLC for no annual report; RSMo §351.120–.122 and the Secretary of State's
  // corporations page: a corporation's annual registration report is due by the end of its anniversary month.
  { state: 'MO', type: 'LLC', filing: 'annualReport', due: { kind: 'none' } },
  { state: 'MO', type: 'C-Corp', filing: 'annualRegistration', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  // MCA §35-8-208 (LLC) and §35-14-1622 (corporation): the annual report is due April 15.
  { state: 'MT', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 15 } },
  { state: 'MT', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 15 } },
  // Neb. Rev. Stat. §21-125(c) (LLC): the biennial report between January 1 and April 1 of each odd-numbered
  // year, the first after the year of formation; §21-301(1) (corporation): the biennial report and occupation
  // tax are due March 1 of each even-numbered year.
  { state: 'NE', type: 'LLC', filing: 'biennialReport', due: { kind: 'fixedDay', month: 4, day: 1, firstAfterYears: 1, calendarYears: 'odd' } },
  { state: 'NE', type: 'C-Corp', filing: 'biennialReport', due: { kind: 'fixedDay', month: 3, day: 1, firstAfterYears: 1, calendarYears: 'even' } },
  // RSA 304-C:185 (LLC) and RSA 293-A:16.22 (corporation): the annual report is due April 1.
  { state: 'NH', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 1 } },
  { state: 'NH', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 1 } },
  // N.J.S.A. 42:2C-26 (LLC) and 14A:4-5 (corporation), Division of Revenue: the annual report is due by the end
  // of the anniversary month of formation.
  { state: 'NJ', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  { state: 'NJ', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  // N.C.G.S. §57D-2-24 (LLC): the annual report is due April 15; §55-16-22 (corporation): the 15th day of the
  // 4th month after the fiscal year ends, April 15 for a calendar year.
  { state: 'NC', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 15 } },
  { state: 'NC', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 15 } },
  // N.D.C.C. §10-32.1-89 (LLC): the annual report is due November 15; §10-19.1-146 (corporation): August 1.
  { state: 'ND', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 11, day: 15 } },
  { state: 'ND', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 8, day: 1 } },
  // Ohio Rev. Code ch. 1706 and ch. 1701 ask for no annual report (the commercial activity tax is a
  // receipts tax of the Department of Taxation, not a filing of formation).
  { state: 'OH', type: 'LLC', filing: 'annualReport', due: { kind: 'none' } },
  { state: 'OH', type: 'C-Corp', filing: 'annualReport', due: { kind: 'none' } },
  // 18 O.S. §2055.2 (LLC): the annual certificate is due on the anniversary date of formation. A corporation
  // files nothing yearly since HB 1039X (2023) repealed the franchise tax from tax year 2024.
  { state: 'OK', type: 'LLC', filing: 'annualCertificate', due: { kind: 'anniversaryDay' } },
  { state: 'OK', type: 'C-Corp', filing: 'franchiseTax', due: { kind: 'none' } },
  // ORS 63.787 (LLC) and ORS 60.787 (corporation): the annual report is due on the anniversary date.
  { state: 'OR', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryDay' } },
  { state: 'OR', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryDay' } },
  // 15 Pa.C.S. §146(c): the annual report, from the year after formation, before October 1 for an LLC and
  // before July 1 for a corporation.
  { state: 'PA', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 9, day: 30 } },
  { state: 'PA', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 6, day: 30 } },
  // R.I. Gen. Laws §7-16-66 (LLC) and §7-1.2-1501 (corporation): the annual report is filed between
  // February 1 and May 1.
  { state: 'RI', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 5, day: 1 } },
  { state: 'RI', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 5, day: 1 } },
  // S.C. Code Title 33 ch. 44 asks a South Carolina LLC for no annual report; S.C. Code §12-20-10: a
  // corporation's annual report goes to the Department of Revenue with its return, the 15th day of the
  // 4th month after the tax year ends, April 15 for a calendar year.
  { state: 'SC', type: 'LLC', filing: 'annualReport', due: { kind: 'none' } },
  { state: 'SC', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 15 } },
  // SDCL §59-11-25: the annual report is filed in the anniversary month each year (unless the company chose
  // January 31 at formation, which Alta does not record), so by its last day.
  { state: 'SD', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  { state: 'SD', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  // T.C.A. §48-26-203 (corporation), and the Revised LLC Act (T.C.A. title 48 ch. 249) likewise for an LLC: the
  // annual report is due on the first day of the 4th month after the fiscal year ends, April 1; T.C.A. §67-4-2015 and §67-4-2115: the franchise and excise
  // tax return, the 15th day of the 4th month, April 15 (an LLC owes it too).
  { state: 'TN', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 1 } },
  { state: 'TN', type: 'LLC', filing: 'franchiseTax', due: { kind: 'fixedDay', month: 4, day: 15 } },
  { state: 'TN', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 4, day: 1 } },
  { state: 'TN', type: 'C-Corp', filing: 'franchiseTax', due: { kind: 'fixedDay', month: 4, day: 15 } },
  // Utah Code §48-3a-212 (LLC) and §16-10a-1607 (corporation): the annual renewal is due by the end of the
  // anniversary month.
  { state: 'UT', type: 'LLC', filing: 'annualRenewal', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  { state: 'UT', type: 'C-Corp', filing: 'annualRenewal', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  // 11 V.S.A. §4069 (LLC): the annual report within 3 months after the fiscal year ends, March 31 for a calendar
  // year; 11A V.S.A. §16.22 (corporation): within 2½ months, March 15.
  { state: 'VT', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 3, day: 31 } },
  { state: 'VT', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 3, day: 15 } },
  // Va. Code §13.1-1062(A) (LLC: "the last day of the twelfth month next succeeding the month in which it was
  // organized", and each year after) and §13.1-775.1 (corporation): the annual registration fee is due by the
  // last day of the anniversary month.
  { state: 'VA', type: 'LLC', filing: 'annualRegistration', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  { state: 'VA', type: 'C-Corp', filing: 'annualRegistration', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  // RCW 23.95.255: an initial report within 120 days of formation, then the annual report by the end of the
  // anniversary month (Secretary of State; RCW 43.07.390).
  { state: 'WA', type: 'LLC', filing: 'initialReport', due: { kind: 'daysAfterFormation', days: 120 } },
  { state: 'WA', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  { state: 'WA', type: 'C-Corp', filing: 'initialReport', due: { kind: 'daysAfterFormation', days: 120 } },
  { state: 'WA', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryMonthEnd', monthsAfter: 0 } },
  // W. Va. Code §31B-2-211 (LLC) and §31D-16-1622 (corporation): the annual report is filed between
  // January 1 and June 30.
  { state: 'WV', type: 'LLC', filing: 'annualReport', due: { kind: 'fixedDay', month: 6, day: 30 } },
  { state: 'WV', type: 'C-Corp', filing: 'annualReport', due: { kind: 'fixedDay', month: 6, day: 30 } },
  // Wis. Stat. §183.0212 (LLC) and §180.1622 (corporation): the annual report is due by the end of the
  // calendar quarter in which the anniversary of formation falls.
  { state: 'WI', type: 'LLC', filing: 'annualReport', due: { kind: 'anniversaryQuarterEnd' } },
  { state: 'WI', type: 'C-Corp', filing: 'annualReport', due: { kind: 'anniversaryQuarterEnd' } },
];
