import { describe, expect, it } from 'vitest';
import { categorise } from './categorise';

const line = (description: string, amountCents: number, merchant: string | null = null) => ({ description, amountCents, merchant });

describe('categorise', () => {
  it.each([
    ['AMAZON WEB SERVICES AWS.AMAZON.CO WA', -12_345, 'software', 'AWS'],
    ['STRIPE TRANSFER ST-A1B2C3', 250_000, 'sales', 'Stripe'],
    ['GUSTO PAYROLL 0304', -420_000, 'payroll', null],
    ['MONTHLY SERVICE FEE', -1500, 'bankFees', null],
    ['Comisión mantenimiento', -1200, 'bankFees', null],
    ['Tarifa bancária', -990, 'bankFees', null],
    ['Pago Google Ads', -30_000, 'advertising', 'Google Ads'],
    ['Alquiler oficina enero', -85_000, 'rent', null],
    ['Aluguel escritório março', -250_000, 'rent', null],
    ['UBER EATS PEDIDO', -2300, 'meals', null],
    ['UBER TRIP HELP.UBER.COM', -2310, 'travel', null],
    ['Vuelo Iberia Madrid', -21_050, 'travel', null],
    ['Correios envio', -4500, 'shipping', null],
    ['Pagamento fornecedor Alibaba', -123_456, 'costOfGoods', null],
    ['Recebimento cliente fatura 12', 300_000, 'sales', null],
    ['INTEREST PAYMENT', 42, 'interestIncome', null],
    ['Delaware franchise tax', -30_000, 'taxesAndLicenses', null],
  ] as const)('%s → %s', (description, amountCents, category, merchant) => {
    expect(categorise(line(description, amountCents))).toEqual({ category, merchant });
  });

  it('respects the direction of money (a Shopify payout is a sale, a Shopify bill is software)', () => {
    expect(categorise(line('SHOPIFY PAYOUT', 10_000)).category).toBe('sales');
    expect(categorise(line('SHOPIFY* 12345', -2900)).category).toBe('software');
  });

  it('matches whole words only', () => {
    expect(categorise(line('UPSTAIRS DESIGN STUDIO', -1000)).category).toBeNull();
  });

  it('keeps the merchant the file gave', () => {
    expect(categorise(line('Card purchase', -500, 'Starbucks Madrid'))).toEqual({ category: 'meals', merchant: 'Starbucks Madrid' });
  });

  it('leaves unknown lines uncategorised', () => {
    expect(categorise(line('XYZ 123', -100))).toEqual({ category: null, merchant: null });
  });
});
