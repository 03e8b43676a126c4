import { describe, expect, it } from 'vitest';
import { searchActivityCodes } from './naics';
import {
  blockingTransactions,
  capitalTransactionsFromTransactions,
  pendingDeclarationsResult,
  profitsFromTransactions,
  reminderVariant,
  taxFormDataSchema,
} from './tax-form';
import { completeTaxForm } from './tax-form-fixture';

const messages = (data: unknown) => {
  const parsed = taxFormDataSchema.safeParse(data);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('tax form rules (SPEC §5)', () => {
  it('accepts a complete form', () => {
    expect(messages(completeTaxForm())).toEqual([]);
  });

  it('refuses negative amounts', () => {
    expect(messages(completeTaxForm({ profits: { income: -1, expenses: 0, salariesAndFreelancersPayments: 0, rent: 0 } }))).toEqual([
      'profits.income:validation.amountNotNegative',
    ]);
    expect(messages(completeTaxForm({ capitalTransactions: [{ category: 'contribution', amountCents: -500, date: '2025-02-01' }] }))).toEqual([
      'capitalTransactions.0.amountCents:validation.amountNotNegative',
    ]);
  });

  it('needs percentages from 1 to 100 summing to 100', () => {
    const partner = completeTaxForm().partners[0]!;
    expect(messages(completeTaxForm({ partners: [{ ...partner, percentage: 0 }] }))).toEqual(['partners.0.percentage:validation.ownershipRange']);
    expect(messages(completeTaxForm({ partners: [{ ...partner, percentage: 101 }] }))).toEqual(['partners.0.percentage:validation.ownershipRange']);
    expect(
      messages(
        completeTaxForm({
          partners: [
            { ...partner, percentage: 60 },
            { ...partner, percentage: 30 },
          ],
        }),
      ),
    ).toEqual(['partners:validation.ownershipTotal']);
    expect(
      messages(
        completeTaxForm({
          partners: [
            { ...partner, percentage: 33.33 },
            { ...partner, percentage: 33.33 },
            { ...partner, percentage: 33.34 },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('refuses unknown activity codes, bad SSN/ITIN and unknown fields', () => {
    expect(messages(completeTaxForm({ activityCode: '999999' }))).toEqual(['activityCode:validation.activityCode']);
    const partner = completeTaxForm().partners[0]!;
    expect(messages(completeTaxForm({ partners: [{ ...partner, taxId: '123456789' }] }))).toEqual(['partners.0.taxId:validation.ssnItin']);
    expect(taxFormDataSchema.safeParse({ ...completeTaxForm(), extra: 1 }).success).toBe(false);
  });
});

describe('profits from the books', () => {
  const rows = [
    { date: '2025-01-10', amountCents: 500_00, category: 'sales' as const, checked: true },
    { date: '2025-02-10', amountCents: -120_00, category: 'software' as const, checked: true },
    { date: '2025-02-11', amountCents: 20_00, category: 'software' as const, checked: false }, // a refund
    { date: '2025-03-01', amountCents: -300_00, category: 'contractors' as const, checked: true },
    { date: '2025-03-02', amountCents: -900_00, category: 'rent' as const, checked: true },
    { date: '2025-04-02', amountCents: -50_00, category: 'transfer' as const, checked: true },
    { date: '2025-05-02', amountCents: 1_000_00, category: 'ownerContribution' as const, checked: true },
    { date: '2025-06-02', amountCents: -999_00, category: null, checked: false },
    { date: '2024-12-31', amountCents: 7_000_00, category: 'sales' as const, checked: true },
  ];

  it('adds up each tax line of the year, refunds reducing expenses, transfers and other years left out', () => {
    expect(profitsFromTransactions(rows, 2025)).toEqual({ income: 500_00, expenses: 100_00, salariesAndFreelancersPayments: 300_00, rent: 900_00 });
  });

  it('finds the owner contributions, draws and loans', () => {
    expect(capitalTransactionsFromTransactions(rows, 2025)).toEqual([{ category: 'contribution', amountCents: 1_000_00, date: '2025-05-02' }]);
  });

  it('counts the year’s uncategorised and unchecked transactions', () => {
    expect(blockingTransactions(rows, 2025)).toEqual({ uncategorised: 1, unchecked: 2 });
    expect(blockingTransactions(rows, 2024)).toEqual({ uncategorised: 0, unchecked: 0 });
  });
});

describe('pending declarations result', () => {
  it('counts each group, names the only company and gives the nearest deadline', () => {
    const result = pendingDeclarationsResult([
      { companyName: 'Acme LLC', kind: 'llcMultiPartner', deadline: '2026-03-16', daysRemaining: 20, standing: 'due', penaltyUsd: null },
      { companyName: 'Solo LLC', kind: 'llcSingleMember', deadline: '2026-04-15', daysRemaining: 50, standing: 'due', penaltyUsd: 25_000 },
      { companyName: 'Corp Inc', kind: 'cCorp', deadline: '2026-04-15', daysRemaining: 50, standing: 'due', penaltyUsd: null },
    ]);
    expect(result).toEqual({
      llcMultiPartnerResult: { companiesCount: 1, companyName: 'Acme LLC' },
      llcSingleMemberOrCcorpResult: { companiesCount: 2, companyName: null },
      llcMultiPartnerDeadlineData: { deadline: '2026-03-16', daysRemaining: 20, standing: 'due', penaltyUsd: null },
      llcSoloPartnerOrCCorpDeadlineData: { deadline: '2026-04-15', daysRemaining: 50, standing: 'due', penaltyUsd: 25_000 },
    });
    expect(reminderVariant(result)).toBe('generic');
    expect(reminderVariant(pendingDeclarationsResult([]))).toBeNull();
  });

  it('puts the longest overdue return of a group first, before a deadline still ahead', () => {
    const result = pendingDeclarationsResult([
      { companyName: 'Later LLC', kind: 'llcSingleMember', deadline: '2026-10-15', daysRemaining: 10, standing: 'extension', penaltyUsd: 25_000 },
      { companyName: 'Late LLC', kind: 'llcSingleMember', deadline: '2025-04-15', daysRemaining: -400, standing: 'overdue', penaltyUsd: 25_000 },
      { companyName: 'Corp Inc', kind: 'cCorp', deadline: '2026-04-15', daysRemaining: -40, standing: 'overdue', penaltyUsd: null },
    ]);
    expect(result.llcSoloPartnerOrCCorpDeadlineData).toEqual({ deadline: '2025-04-15', daysRemaining: -400, standing: 'overdue', penaltyUsd: 25_000 });
  });
});

describe('activity codes', () => {
  it('finds codes by prefix and by words in any language, accents ignored', () => {
    expect(searchActivityCodes('5415', 10).map((activity) => activity.code)).toEqual(['541511', '541512', '541519']);
    expect(searchActivityCodes('programacion', 5).map((activity) => activity.code)).toContain('541511');
    expect(searchActivityCodes('programação', 5).map((activity) => activity.code)).toContain('541511');
    expect(searchActivityCodes('', 3)).toHaveLength(3);
  });
});

describe('wizard steps', () => {
  it('check their own fields of the whole form, whatever else it holds', async () => {
    const { taxFormStepSchemas } = await import('./tax-form');
    const { ein: _ein, ...withoutEin } = completeTaxForm();
    expect(taxFormStepSchemas.company.safeParse(completeTaxForm()).success).toBe(true);
    expect(taxFormStepSchemas.company.safeParse(withoutEin).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['ein']);
    expect(taxFormStepSchemas.money.safeParse(completeTaxForm()).success).toBe(true);
  });
});
