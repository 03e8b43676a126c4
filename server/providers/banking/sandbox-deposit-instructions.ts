import { randomInt } from 'node:crypto';
import type { DepositCurrency } from './banking-provider';

/**
 * Where the banking sandbox's virtual accounts are paid in: account numbers, IBANs and CLABEs
 * made up on the sandbox's own bank codes, with the check digits a real bank's would carry.
 */

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

/** A Dutch-format IBAN with valid ISO 13616 check digits (mod 97), on the sandbox's own bank code. */
function sandboxIban(): string {
  const bban = `SBXB${digits(10)}`;
  const numeric = `${bban}NL00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(numeric) % 97n);
  return `NL${String(check).padStart(2, '0')}${bban}`;
}

/** An 18-digit CLABE with its check digit (weights 3, 7, 1), on bank code 646 (STP, where SPEI accounts of this kind live). */
function sandboxClabe(): string {
  const body = `646180${digits(11)}`;
  const sum = [...body].reduce((total, digit, index) => total + ((Number(digit) * [3, 7, 1][index % 3]!) % 10), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Bridge's `source_deposit_instructions` per source currency: where each rail pays in. */
export function depositInstructions(currency: DepositCurrency): Record<string, unknown> {
  switch (currency) {
    case 'usd':
      return {
        currency,
        bank_name: 'Lead Bank',
        bank_address: '1801 Main St., Kansas City, MO 64108',
        bank_beneficiary_name: 'Alta Sandbox Customer',
        bank_account_number: digits(12),
        bank_routing_number: '101019644',
        payment_rails: ['ach_push', 'wire'],
      };
    case 'eur':
      return {
        currency,
        bank_name: 'Alta Sandbox Bank Europe',
        bank_address: 'Keizersgracht 1, 1015 CC Amsterdam, NL',
        account_holder_name: 'Alta Sandbox Customer',
        iban: sandboxIban(),
        bic: 'SBXBNL2A',
        payment_rails: ['sepa'],
      };
    case 'mxn':
      return {
        currency,
        bank_name: 'STP',
        bank_address: 'Av. Insurgentes Sur 1425, Ciudad de México, MX',
        account_holder_name: 'Alta Sandbox Customer',
        clabe: sandboxClabe(),
        payment_rails: ['spei'],
      };
  }
}
