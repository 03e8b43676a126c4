import { describe, expect, it } from 'vitest';
import { amountsInLine, extractReceiptFields, findDate, findMerchant, findTotal, guessLanguage } from './fields';

const lines = (text: string) => text.trim().split('\n');

describe('receipt fields from text', () => {
  it('reads amounts in both decimal styles, with thousands, but not dates, times or unit prices', () => {
    expect(amountsInLine('TOTAL FACTURA 1.234,56 €')).toEqual([123456]);
    expect(amountsInLine('Amount due $2,499.00')).toEqual([249900]);
    expect(amountsInLine('VALOR: R$ 27,50')).toEqual([2750]);
    expect(amountsInLine('02.09.2026  12:31')).toEqual([]);
    expect(amountsInLine('42,31 L x 1,539 €/L')).toEqual([4231]);
  });

  it('takes the total over subtotals, tax, cash handed over, change and tips', () => {
    expect(findTotal(lines('SUBTOTAL 10,75\nBOLSA 2,00\nTOTAL A PAGAR 12,75\nENTREGADO 20,00\nCAMBIO 7,25'))).toBe(1275);
    expect(findTotal(lines('Purchase $12.00\nTip $2.50\nTotal $14.50'))).toBe(1450);
    expect(findTotal(lines('Base imponible 1.020,29\nIVA 21% 214,27\nTOTAL FACTURA 1.234,56 €'))).toBe(123456);
    expect(findTotal(lines('QTD. TOTAL DE ITENS 4\nVALOR TOTAL R$ 157,89\nCARTÃO DE CRÉDITO 157,89'))).toBe(15789);
    expect(findTotal(lines('IMPORTE:\n38,60 EUR\nCOPIA PARA EL CLIENTE'))).toBe(3860);
  });

  it('does not take a labelled line below the total word as its figure, and falls back to the largest amount', () => {
    expect(findTotal(lines('TOTAL A PAGAR\nENTREGADO 20,00\nPAN 1,20\nLECHE 3,10'))).toBe(310);
    expect(findTotal(lines('PAN 1,20\nLECHE 3,10'))).toBe(310);
    expect(findTotal(lines('Gracias por su visita'))).toBeNull();
  });

  it('orders day and month by the language, and by which part is over 12', () => {
    expect(guessLanguage('Date 11/02/2026 AMOUNT $53.80 APPROVED')).toBe('en');
    expect(guessLanguage('CNPJ 12.345.678/0001-90 VALOR TOTAL R$ 10,00')).toBe('pt');
    expect(findDate(['Date: 11/02/2026'], 'en')).toBe('2026-11-02');
    expect(findDate(['Fecha: 11/02/2026'], 'es')).toBe('2026-02-11');
    expect(findDate(['03/14/26 15:02:11'], 'es')).toBe('2026-03-14');
    expect(findDate(['Date 2026-05-22'], 'en')).toBe('2026-05-22');
    expect(findDate(['Fecha: 30 de junio de 2026'], 'es')).toBe('2026-06-30');
    expect(findDate(['18 de julho de 2026'], 'pt')).toBe('2026-07-18');
    expect(findDate(['Invoice 0930 · Sep 30, 2026'], 'en')).toBe('2026-09-30');
    expect(findDate(['Fecha 5 oct. 2026'], 'es')).toBe('2026-10-05');
    expect(findDate(['31/02/2026'], 'es')).toBeNull();
  });

  it('prefers the issue date and skips due dates', () => {
    expect(findDate(['Vencimiento: 14/02/2026', 'Pedido 12/01/2026', 'Fecha de emisión: 15/01/2026'], 'es')).toBe('2026-01-15');
    expect(findDate(['Due date: March 3, 2026', 'Ref 01/02/2026'], 'en')).toBe('2026-01-02');
  });

  it('finds the merchant at the top, past titles, tax numbers, phones and addresses', () => {
    expect(findMerchant(['FACTURA SIMPLIFICADA', 'NIF B-12345678', '(512) 555-0147', 'Calle Mayor 45', 'Bar Casa Paco'])).toBe('Bar Casa Paco');
    expect(findMerchant(["TRADER JOE'S", '1700 Madison St'])).toBe("TRADER JOE'S");
    expect(findMerchant(['12/03/2026', '***'])).toBeNull();
  });

  it('reads a whole ticket', () => {
    const text =
      'MERCADONA\nMERCADONA S.A. NIF A-46103834\n12/03/2026 18:42 OP: 104522\nTOTAL (€) 45,90\nTARJETA BANCARIA 45,90\nIVA 10% BASE 41,73 CUOTA 4,17';
    expect(extractReceiptFields(text)).toEqual({ totalCents: 4590, date: '2026-03-12', merchant: 'MERCADONA' });
  });
});
