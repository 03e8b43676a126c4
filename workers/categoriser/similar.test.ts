import { describe, expect, it } from 'vitest';
import { Categoriser } from './categoriser';
import { ruleFrom, signatureOf, similarLines } from './similar';

const line = (description: string, amountCents = -2500, merchant: string | null = null) => ({ description, merchant, amountCents });

describe('what follows a correction', () => {
  it('finds the uncategorised lines similar to a corrected one: same merchant, same first words, or most of the same words', () => {
    const candidates = [
      { id: 'a', ...line('PAGO FERRETERIA EL SOL 4411') },
      { id: 'b', ...line('pago ferretería el sol 9921') },
      { id: 'c', ...line('COMPRA', -100, 'Ferretería El Sol') },
      { id: 'd', ...line('GITHUB INC') },
    ];
    expect(similarLines(line('PAGO FERRETERIA EL SOL 1200', -3000, 'FERRETERIA EL SOL'), candidates).map((found) => found.id)).toEqual(['a', 'b', 'c']);
    expect(signatureOf(line('UBER TRIP 8ZK2 HELP.UBER.COM'))).toBe('uber trip 8zk2');
    // A number alone is a reference: the same counterparty's lines 88 and 89 are alike.
    expect(signatureOf(line('NORTHWIND PARTNERS 88'))).toBe('northwind partners');
    expect(similarLines(line('NORTHWIND PARTNERS 88'), [{ id: 'n', ...line('NORTHWIND PARTNERS 89') }])).toHaveLength(1);
  });

  it("makes a rule of the line's words that wins over the model, whole words only, and none of blank text", () => {
    const rule = ruleFrom('  Uber Trip ', 'meals', 'c')!;
    expect(rule).toMatchObject({ companyId: 'c', contains: 'uber trip', category: 'meals' });
    const categoriser = new Categoriser();
    categoriser.addRule(rule);
    expect(categoriser.suggest(line('UBER TRIP 8ZK2 HELP.UBER.COM'))).toEqual({ category: 'meals', confidence: 1, source: 'rule' });
    expect(categoriser.predict(line('UBER TRIPSTER'))?.source).not.toBe('rule');
    expect(ruleFrom(' * ', 'meals', 'c')).toBeNull();
  });
});
