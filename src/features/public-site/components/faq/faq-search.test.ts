import { describe, expect, it } from 'vitest';
import type { FaqGroup } from '../../content/parse-markdown';
import { foldText, searchFaq } from './faq-search';

const groups: FaqGroup[] = [
  {
    id: 'money',
    title: 'Pagos',
    questions: [
      { id: 'refunds', question: '¿Puedo pedir un reembolso?', html: '', text: 'Una vez pagado, el pedido no se reembolsa.' },
      { id: 'methods', question: '¿Cómo pago?', html: '', text: 'Con tarjeta de crédito.' },
    ],
  },
  { id: 'bank', title: 'Banca', questions: [{ id: 'swift', question: '¿Recibo SWIFT?', html: '', text: 'No, solo ACH, wire y SEPA.' }] },
];

describe('FAQ search', () => {
  it('folds accents and case', () => {
    expect(foldText('Cómo PAGÁR')).toBe('como pagar');
  });

  it('keeps every group for a blank query', () => {
    expect(searchFaq(groups, '   ')).toBe(groups);
  });

  it('matches every word in the question or the answer, ignoring accents', () => {
    expect(searchFaq(groups, 'reembolsó pedido').flatMap((group) => group.questions.map((question) => question.id))).toEqual(['refunds']);
    expect(searchFaq(groups, 'sepa').map((group) => group.id)).toEqual(['bank']);
  });

  it('drops groups without matches', () => {
    expect(searchFaq(groups, 'bitcoin')).toEqual([]);
  });
});
