import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Language } from '@domain/constants';
import type { PendingDeclarations } from '@domain/tax-form';
import en from '@src/i18n/locales/en/taxForm.json';
import es from '@src/i18n/locales/es/taxForm.json';
import pt from '@src/i18n/locales/pt/taxForm.json';
import { reminderDeadlineLines } from './declarations-reminder';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  resources: { en: { taxForm: en }, es: { taxForm: es }, pt: { taxForm: pt } },
  ns: ['taxForm'],
  defaultNS: 'taxForm',
  interpolation: { escapeValue: false },
});
const say = (pending: PendingDeclarations, language: Language) =>
  reminderDeadlineLines(pending, language).map((line) => i18n.getFixedT(language, 'taxForm')(line.key, line.values));

const none = { companiesCount: 0, companyName: null };
const pendingOf = (
  solo: PendingDeclarations['llcSoloPartnerOrCCorpDeadlineData'],
  multi: PendingDeclarations['llcMultiPartnerDeadlineData'] = null,
): PendingDeclarations => ({
  llcMultiPartnerResult: multi ? { companiesCount: 1, companyName: 'Duo LLC' } : none,
  llcSingleMemberOrCcorpResult: solo ? { companiesCount: 1, companyName: 'Solo LLC' } : none,
  llcMultiPartnerDeadlineData: multi,
  llcSoloPartnerOrCCorpDeadlineData: solo,
});

describe('the declarations reminder (SPEC §2 variants)', () => {
  const overdue = pendingOf({ deadline: '2026-04-15', daysRemaining: -223, standing: 'overdue', penaltyUsd: 25_000 });

  it('shows an overdue Form 5472 with the days since its deadline and the IRS penalty, in es, en and pt', () => {
    expect(say(overdue, 'en')).toEqual([
      'Overdue: 223 days since the deadline of April 15, 2026.',
      'The IRS penalty for a missing or late Form 5472 is $25,000 per form and year.',
    ]);
    expect(say(overdue, 'es')).toEqual([
      'Vencida: hace 223 días que pasó el plazo del 15 de abril de 2026.',
      'La multa del IRS por no presentar o presentar tarde el Formulario 5472 es de $25,000 por formulario y año.',
    ]);
    expect(say(overdue, 'pt')[0]).toBe('Atrasada: 223 dias desde o prazo de 15 de abril de 2026.');
    expect(say(overdue, 'pt')[1]).toMatch(/^A multa do IRS .* Formulário 5472 é de \$\s?25\.000 por formulário e ano\.$/);
  });

  it('puts the overdue group first in the generic variant, before a deadline still ahead', () => {
    const both = pendingOf(
      { deadline: '2026-04-15', daysRemaining: -10, standing: 'overdue', penaltyUsd: null },
      { deadline: '2026-09-15', daysRemaining: 30, standing: 'extension', penaltyUsd: null },
    );
    expect(say(both, 'en')).toEqual(['Overdue: 10 days since the deadline of April 15, 2026.']);
  });

  it('says the extended deadline holds only with Form 7004, and the days left before a deadline', () => {
    expect(say(pendingOf({ deadline: '2026-10-15', daysRemaining: 1, standing: 'extension', penaltyUsd: 25_000 }), 'en')).toEqual([
      '1 day left to the extended deadline, October 15, 2026, which holds only if Form 7004 was filed by the first deadline.',
    ]);
    expect(say(pendingOf({ deadline: '2026-04-15', daysRemaining: 45, standing: 'due', penaltyUsd: 25_000 }), 'es')).toEqual([
      'Quedan 45 días: vence el 15 de abril de 2026.',
    ]);
  });
});
