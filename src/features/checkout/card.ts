/**
 * The card number and expiry as the checkout form shows them while the customer types:
 * digits grouped the way the brand prints them, the brand recognised from its first digits
 * (IIN ranges), and the expiry written MM/YY. Validation itself is `checkoutFormSchema`'s.
 */

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const;
export type CardBrand = (typeof cardBrands)[number];

const between = (prefix: string, low: number, high: number) => {
  const value = Number(prefix);
  return prefix.length > 0 && value >= low && value <= high;
};

/** The brand of a (partial) card number, or null while it cannot be told. */
export function cardBrand(number: string): CardBrand | null {
  const digits = number.replace(/\D/g, '');
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^5[1-5]/.test(digits) || between(digits.slice(0, 4), 2221, 2720)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(36|38|30[0-5])/.test(digits)) return 'diners';
  if (between(digits.slice(0, 4), 3528, 3589)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return null;
}

/** Group sizes as printed on the card: Amex 4-6-5, Diners 4-6-4, the rest in fours. */
function groupsOf(brand: CardBrand | null): number[] {
  if (brand === 'amex') return [4, 6, 5];
  if (brand === 'diners') return [4, 6, 4];
  return [4, 4, 4, 4, 3];
}

/** The longest number a brand issues (Amex 15, Diners 14, others up to 19). */
export function maxCardDigits(brand: CardBrand | null): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 19;
}

/** Digits only, cut to the brand's length and grouped with spaces: "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumber(input: string): string {
  const brand = cardBrand(input);
  const digits = input.replace(/\D/g, '').slice(0, maxCardDigits(brand));
  const parts: string[] = [];
  let start = 0;
  for (const size of groupsOf(brand)) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/** The security code's length for a brand: 4 on the front of an Amex, 3 elsewhere. */
export const cvcLength = (brand: CardBrand | null) => (brand === 'amex' ? 4 : 3);

/**
 * The expiry as typed, written MM/YY: "1" stays "1", "4" becomes "04", "1234" becomes "12/34".
 * Deleting back over the slash works because the slash is only added once a year digit exists.
 */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && digits > '1') return `0${digits}`;
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** The last four digits, for "card ending in 4242". */
export const lastFour = (number: string) => number.replace(/\D/g, '').slice(-4);
