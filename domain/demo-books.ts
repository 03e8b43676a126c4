import type { CategoryKey, ManualAccount, Transaction } from './bookkeeping';
import { isoDay } from './days';

/**
 * A realistic year of books for a small software consultancy (a Wyoming LLC owned from
 * abroad): client payouts, cloud and software subscriptions, contractors, ads, travel, rent,
 * fees, an owner contribution and transfers, in the words banks use. Deterministic for a
 * given company and end date, so the dev server's seed, the accounting home's demo mode and
 * the tests all see the same books. The last weeks are left uncategorised and unchecked,
 * as a bookkeeper finds them.
 */

interface Line {
  description: string;
  merchant: string | null;
  category: CategoryKey;
  /** Typical amount in dollars (negative: money out) and how much it varies (a fraction). */
  dollars: number;
  spread: number;
  account: 'checking' | 'card';
}

/** Lines that happen every month, on about the same day. */
const monthly: (Line & { day: number })[] = [
  { day: 1, description: 'WEWORK MEMBERSHIP NYC', merchant: 'WeWork', category: 'rent', dollars: -450, spread: 0, account: 'checking' },
  { day: 3, description: 'AMAZON WEB SERVICES AWS.AMAZON.CO', merchant: 'AWS', category: 'software', dollars: -312.4, spread: 0.35, account: 'card' },
  { day: 4, description: 'GOOGLE *GSUITE_ALTADEMO', merchant: 'Google Workspace', category: 'software', dollars: -36, spread: 0, account: 'card' },
  { day: 5, description: 'GITHUB, INC. SAN FRANCISCO', merchant: 'GitHub', category: 'software', dollars: -21, spread: 0, account: 'card' },
  { day: 6, description: 'FIGMA MONTHLY', merchant: 'Figma', category: 'software', dollars: -45, spread: 0, account: 'card' },
  { day: 8, description: 'NOTION LABS INC', merchant: 'Notion', category: 'software', dollars: -20, spread: 0, account: 'card' },
  { day: 10, description: 'STRIPE PAYOUT ST-7Q2K', merchant: 'Stripe', category: 'sales', dollars: 9800, spread: 0.3, account: 'checking' },
  { day: 12, description: 'DEEL INC CONTRACTOR PAYMENT', merchant: 'Deel', category: 'contractors', dollars: -2600, spread: 0.15, account: 'checking' },
  { day: 14, description: 'GOOGLE ADS 8823-114', merchant: 'Google Ads', category: 'advertising', dollars: -380, spread: 0.5, account: 'card' },
  { day: 15, description: 'T-MOBILE POSTPAID', merchant: 'T-Mobile', category: 'telecom', dollars: -65, spread: 0.05, account: 'card' },
  {
    day: 18,
    description: 'WIRE FROM ACME ANALYTICS SA DE CV',
    merchant: 'Acme Analytics',
    category: 'sales',
    dollars: 6400,
    spread: 0.25,
    account: 'checking',
  },
  { day: 20, description: 'META PLATFORMS ADS', merchant: 'Meta', category: 'advertising', dollars: -210, spread: 0.6, account: 'card' },
  { day: 25, description: 'PAYMENT THANK YOU - AMEX', merchant: null, category: 'transfer', dollars: -1800, spread: 0.4, account: 'checking' },
  { day: 26, description: 'PAYMENT RECEIVED - THANK YOU', merchant: null, category: 'transfer', dollars: 1800, spread: 0.4, account: 'card' },
  { day: 28, description: 'MONTHLY SERVICE FEE', merchant: null, category: 'bankFees', dollars: -15, spread: 0, account: 'checking' },
  { day: 28, description: 'INTEREST PAYMENT', merchant: null, category: 'interestIncome', dollars: 4.2, spread: 0.5, account: 'checking' },
];

/** Lines that happen now and then (a few times a month). */
const occasional: Line[] = [
  { description: 'UBER *TRIP HELP.UBER.COM', merchant: 'Uber', category: 'travel', dollars: -23, spread: 0.6, account: 'card' },
  { description: 'STARBUCKS STORE 11842', merchant: 'Starbucks', category: 'meals', dollars: -8.6, spread: 0.4, account: 'card' },
  { description: 'CAFE CENTRAL BOGOTA', merchant: 'Café Central', category: 'meals', dollars: -31, spread: 0.5, account: 'card' },
  { description: 'DELTA AIR LINES ATLANTA', merchant: 'Delta', category: 'travel', dollars: -486, spread: 0.4, account: 'card' },
  { description: 'MARRIOTT HOTELS MIAMI', merchant: 'Marriott', category: 'travel', dollars: -389, spread: 0.3, account: 'card' },
  { description: 'OFFICE DEPOT #2231', merchant: 'Office Depot', category: 'officeSupplies', dollars: -54, spread: 0.6, account: 'card' },
  { description: 'UPWORK ESCROW PAYMENT', merchant: 'Upwork', category: 'contractors', dollars: -750, spread: 0.5, account: 'checking' },
  { description: 'STRIPE PAYOUT ST-9M4X', merchant: 'Stripe', category: 'sales', dollars: 1450, spread: 0.6, account: 'checking' },
  { description: 'UDEMY COURSE PURCHASE', merchant: 'Udemy', category: 'education', dollars: -17.99, spread: 0.2, account: 'card' },
  { description: 'FEDEX OFFICE 0453', merchant: 'FedEx', category: 'shipping', dollars: -42, spread: 0.5, account: 'card' },
  { description: 'INTL WIRE FEE', merchant: null, category: 'bankFees', dollars: -25, spread: 0, account: 'checking' },
];

/** Lines that happen once a year, in a given month (1–12 counted back from the end). */
const yearly: (Line & { monthsAgo: number; day: number })[] = [
  {
    monthsAgo: 11,
    day: 9,
    description: 'OWNER CAPITAL CONTRIBUTION',
    merchant: null,
    category: 'ownerContribution',
    dollars: 15000,
    spread: 0,
    account: 'checking',
  },
  {
    monthsAgo: 10,
    day: 16,
    description: 'WYOMING SECRETARY OF STATE ANNUAL REPORT',
    merchant: 'Wyoming SOS',
    category: 'taxesAndLicenses',
    dollars: -62,
    spread: 0,
    account: 'card',
  },
  { monthsAgo: 9, day: 2, description: 'APPLE STORE MACBOOK PRO', merchant: 'Apple', category: 'equipment', dollars: -2399, spread: 0, account: 'card' },
  {
    monthsAgo: 7,
    day: 21,
    description: 'HISCOX SMALL BUSINESS INSURANCE',
    merchant: 'Hiscox',
    category: 'insurance',
    dollars: -540,
    spread: 0,
    account: 'checking',
  },
  {
    monthsAgo: 4,
    day: 11,
    description: 'CPA SERVICES - TAX PREP',
    merchant: 'Bench Accounting',
    category: 'professionalFees',
    dollars: -1200,
    spread: 0,
    account: 'checking',
  },
  { monthsAgo: 2, day: 7, description: 'OWNER DRAW TO PERSONAL', merchant: null, category: 'ownerDraw', dollars: -4000, spread: 0, account: 'checking' },
];

/** A small deterministic random generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const hash = (text: string) => [...text].reduce((sum, char) => (Math.imul(sum, 31) + char.charCodeAt(0)) >>> 0, 7);

/** A version-4-shaped UUID from the generator (demo ids only need to be unique and valid). */
function uuidFrom(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = (8 + Math.floor(next() * 4)).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

export interface DemoBooks {
  accounts: ManualAccount[];
  transactions: Transaction[];
}

/**
 * Twelve months of books ending on `endDate` (`YYYY-MM-DD`) for `companyId`: about 400
 * transactions on two manual accounts. Everything older than `openDays` days is categorised
 * and checked; the rest is left for the bookkeeper.
 */
export function demoBooks(companyId: string, endDate: string, options: { openDays?: number } = {}): DemoBooks {
  const next = random(hash(companyId + endDate));
  const timestamp = `${endDate}T09:00:00.000Z`;
  const [endYear, endMonth, endDay] = endDate.split('-').map(Number) as [number, number, number];
  const end = Date.UTC(endYear, endMonth - 1, endDay);
  const openFrom = end - (options.openDays ?? 21) * 86_400_000;
  const accounts: ManualAccount[] = [
    { id: uuidFrom(next), companyId, name: 'Mercury Checking ••4021', createdAt: timestamp, updatedAt: timestamp },
    { id: uuidFrom(next), companyId, name: 'Amex Business Gold ••1009', createdAt: timestamp, updatedAt: timestamp },
  ];
  const accountOf = (line: Line) => accounts[line.account === 'checking' ? 0 : 1]!;
  const transactions: Transaction[] = [];
  const add = (line: Line, year: number, month: number, day: number) => {
    const time = Date.UTC(year, month - 1, day);
    if (time > end) return;
    const date = isoDay(year, month, day);
    const factor = 1 + (next() * 2 - 1) * line.spread;
    const amountCents = Math.round(line.dollars * factor * 100);
    const settled = time < openFrom;
    transactions.push({
      id: uuidFrom(next),
      companyId,
      date,
      description: line.description,
      amountCents: amountCents === 0 ? -100 : amountCents,
      accountKind: 'manual',
      accountId: accountOf(line).id,
      category: settled || next() < 0.25 ? line.category : null,
      merchant: line.merchant,
      note: '',
      checked: settled && next() < 0.97,
      receipt: null,
      blocked: false,
      importId: null,
      createdAt: timestamp,
      updatedAt: timestamp,
    });
  };
  for (let monthsAgo = 12; monthsAgo >= 0; monthsAgo--) {
    const first = new Date(Date.UTC(endYear, endMonth - 1 - monthsAgo, 1));
    const year = first.getUTCFullYear();
    const month = first.getUTCMonth() + 1;
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    // The window is twelve months back from the end date, day for day.
    const inWindow = (day: number) => monthsAgo < 12 || day > endDay;
    for (const line of monthly) if (inWindow(line.day)) add(line, year, month, Math.min(line.day, days));
    const extra = 10 + Math.floor(next() * 8);
    for (let count = 0; count < extra; count++) {
      const line = occasional[Math.floor(next() * occasional.length)]!;
      const day = 1 + Math.floor(next() * days);
      if (inWindow(day)) add(line, year, month, day);
    }
    for (const line of yearly) if (line.monthsAgo === monthsAgo) add(line, year, month, Math.min(line.day, days));
  }
  transactions.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return { accounts, transactions };
}
