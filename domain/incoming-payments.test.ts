import { describe, expect, it } from 'vitest';
import { incomingPaymentVerdict, type IncomingPayment, type IncomingVerdict, type PaymentRecipient } from './incoming-payments';

const abroad: PaymentRecipient = { companyNames: ['Andes Labs LLC', 'Andes Studio'], partners: [{ lastName: 'Pérez García', country: 'AR' }] };
const mixed: PaymentRecipient = {
  companyNames: ['Andes Labs LLC'],
  partners: [
    { lastName: 'Smith', country: 'US' },
    { lastName: 'Pérez', country: 'AR' },
  ],
};
const american: PaymentRecipient = { companyNames: ['Hudson Tools LLC'], partners: [{ lastName: 'Smith', country: 'US' }] };

const payment = (senderName: string, amountCents: number, senderType: IncomingPayment['senderType'] = 'individual', payroll = false): IncomingPayment => ({
  senderName,
  amountCents,
  senderType,
  payroll,
});

const cases: [string, IncomingPayment, PaymentRecipient, IncomingVerdict][] = [
  ['the company itself, written another way', payment('ANDES LABS, L.L.C.', 900_000, 'business'), abroad, { allowed: true, as: 'first_party' }],
  ['the company under its second name option', payment('Andes Studio', 900_000, null), abroad, { allowed: true, as: 'first_party' }],
  ['a registered business, any amount', payment('Globex Corp', 5_000_000, 'business'), abroad, { allowed: true, as: 'business' }],
  ['a family member sharing a surname, any amount', payment('Lucía Pérez', 500_000), abroad, { allowed: true, as: 'family' }],
  ['a family member sharing the second word of a compound surname, without accents', payment('Jorge GARCIA', 500_000), abroad, { allowed: true, as: 'family' }],
  ['a person just under $2,000', payment('John Doe', 199_999), abroad, { allowed: true, as: 'person_under_limit' }],
  ['a person at exactly $2,000', payment('John Doe', 200_000), abroad, { allowed: false, reason: 'unrelated_person_over_limit' }],
  ['an unrelated person sending $5,000', payment('John Doe', 500_000), abroad, { allowed: false, reason: 'unrelated_person_over_limit' }],
  ['a sender of unknown kind counts as a person', payment('Acme', 500_000, null), abroad, { allowed: false, reason: 'unrelated_person_over_limit' }],
  ['a surname inside another word is not shared', payment('Joe Perezoso', 500_000), abroad, { allowed: false, reason: 'unrelated_person_over_limit' }],
  ['one partner abroad makes the non-US rules apply', payment('Globex Corp', 5_000_000, 'business'), mixed, { allowed: true, as: 'business' }],
  ['US residents: the company itself', payment('Hudson Tools', 900_000, 'business'), american, { allowed: true, as: 'first_party' }],
  ['US residents: payroll from a business', payment('ADP Payroll', 300_000, 'business', true), american, { allowed: true, as: 'payroll' }],
  [
    'US residents: payroll claimed by a person is not payroll',
    payment('John Doe', 300_000, 'individual', true),
    american,
    { allowed: false, reason: 'us_third_party' },
  ],
  ['US residents: a business that is not payroll', payment('Globex Corp', 300_000, 'business'), american, { allowed: false, reason: 'us_third_party' }],
  ['US residents: a relative, even a small amount', payment('Mary Smith', 10_000), american, { allowed: false, reason: 'us_third_party' }],
];

describe('incoming payments (SPEC §1)', () => {
  it.each(cases)('%s', (_name, incoming, recipient, verdict) => {
    expect(incomingPaymentVerdict(incoming, recipient)).toEqual(verdict);
  });
});
