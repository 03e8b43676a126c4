/**
 * SPEC §1: who may pay into a company's virtual account. For a company whose partners are not
 * all US residents: the company itself (first party), a registered business, a family member
 * who shares a partner's surname, or another person for less than $2,000. For a company whose
 * partners all live in the US: the company itself and payroll. Anything else is held for
 * review (`in_review`) until staff release it or return it to the sender.
 */

/** Person-to-person payments to a non-US company are allowed below this many cents. */
export const personToPersonLimitCents = 200_000;

export interface IncomingPayment {
  amountCents: number;
  senderName: string;
  /** What the sending bank says the sender is; unknown counts as a person (the stricter reading). */
  senderType: 'business' | 'individual' | null;
  /** The payment says it is payroll (an ACH batch described PAYROLL, a wire marked as salary). */
  payroll: boolean;
}

export interface PaymentRecipient {
  /** The names the company goes by (its name options): a payment from one of them is first party. */
  companyNames: readonly string[];
  partners: readonly { lastName: string; country: string }[];
}

export type AllowedAs = 'first_party' | 'business' | 'family' | 'person_under_limit' | 'payroll';
/** Why a payment is held: the two things the owner can act on differ, so the reasons do too. */
export type HoldReason = 'us_third_party' | 'unrelated_person_over_limit';
export const holdReasons: readonly HoldReason[] = ['us_third_party', 'unrelated_person_over_limit'];

export type IncomingVerdict = { allowed: true; as: AllowedAs } | { allowed: false; reason: HoldReason };

const entitySuffixes = new Set(['llc', 'l l c', 'inc', 'corp', 'corporation', 'co', 'ltd', 'lc', 'company']);

/** A name compared without case, accents, punctuation, or a trailing entity suffix ("Andes Labs, LLC" = "ANDES LABS"). */
function comparable(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  for (const suffix of entitySuffixes) {
    if (words.endsWith(` ${suffix}`)) return words.slice(0, -suffix.length - 1).trim();
  }
  return words;
}

/** The sender's name shares a whole word with a partner's surname (compound surnames count by each word). */
function sharesSurname(senderName: string, partners: PaymentRecipient['partners']): boolean {
  const senderWords = new Set(comparable(senderName).split(' '));
  return partners.some((partner) =>
    comparable(partner.lastName)
      .split(' ')
      .some((word) => word.length > 1 && senderWords.has(word)),
  );
}

/** True when every partner lives in the US: then only first party and payroll may pay in. */
export const isUsResident = (recipient: PaymentRecipient) => recipient.partners.length > 0 && recipient.partners.every((partner) => partner.country === 'US');

export function incomingPaymentVerdict(payment: IncomingPayment, recipient: PaymentRecipient): IncomingVerdict {
  const sender = comparable(payment.senderName);
  if (sender !== '' && recipient.companyNames.some((name) => comparable(name) === sender)) return { allowed: true, as: 'first_party' };
  if (isUsResident(recipient)) {
    return payment.payroll && payment.senderType === 'business' ? { allowed: true, as: 'payroll' } : { allowed: false, reason: 'us_third_party' };
  }
  if (payment.senderType === 'business') return { allowed: true, as: 'business' };
  if (sharesSurname(payment.senderName, recipient.partners)) return { allowed: true, as: 'family' };
  if (payment.amountCents < personToPersonLimitCents) return { allowed: true, as: 'person_under_limit' };
  return { allowed: false, reason: 'unrelated_person_over_limit' };
}
