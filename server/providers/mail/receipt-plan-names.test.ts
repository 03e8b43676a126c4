import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '@domain/constants';
import { planIds } from '@domain/plans';
import { renderMail } from './render-mail';

/** The plan names the app shows, per language (the client's catalog, read as data). */
const uiPlanNames = (language: string) =>
  (JSON.parse(readFileSync(new URL(`../../../src/i18n/locales/${language}/plans.json`, import.meta.url), 'utf8')) as { names: Record<string, string> }).names;

describe('the receipt mail', () => {
  it.each(languages)('names the plan as the app does (%s)', (language) => {
    for (const plan of planIds) {
      const mail = renderMail('orderReceipt', {
        to: 'maria@example.com',
        language,
        appUrl: 'https://alta.example',
        values: {
          firstName: 'María',
          orderNumber: 'ALT-1',
          date: '1',
          billing: 'monthly',
          lines: [{ kind: 'plan', id: plan, amount: '$49' }],
          discount: null,
          total: '$49',
          claim: null,
        },
      });
      expect(mail.text).toContain(uiPlanNames(language)[plan]);
    }
  });

  it('says "Plan Estándar" in Spanish, never the English name', () => {
    const mail = renderMail('orderReceipt', {
      to: 'maria@example.com',
      language: 'es',
      appUrl: 'https://alta.example',
      values: {
        firstName: 'María',
        orderNumber: 'ALT-1',
        date: '1',
        billing: 'monthly',
        lines: [{ kind: 'plan', id: 'standard', amount: '$49' }],
        discount: null,
        total: '$49',
        claim: null,
      },
    });
    expect(mail.text).toContain('Plan Estándar');
    expect(mail.text).not.toContain('Standard');
  });
});
