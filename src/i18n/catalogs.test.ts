import { describe, expect, it } from 'vitest';
import { catalogText, loadCatalog } from './catalogs';

describe('catalogText: a catalog string without i18next', () => {
  const catalog = {
    faq: { results_one: '{{count}} match for “{{ query }}”', results_other: '{{count}} matches for “{{query}}”', noResults: 'Nothing for “{{query}}”' },
  };

  it('fills in the values and picks the plural form by the language’s rules', () => {
    expect(catalogText(catalog, 'faq.results', { count: 1, query: 'EIN' }, 'en')).toBe('1 match for “EIN”');
    expect(catalogText(catalog, 'faq.results', { count: 3, query: 'EIN' }, 'en')).toBe('3 matches for “EIN”');
    // Portuguese calls 0 "one", as i18next does through the same Intl rules.
    expect(catalogText(catalog, 'faq.results', { count: 0, query: 'EIN' }, 'pt')).toBe('0 match for “EIN”');
    // Spanish has a "many" form for millions; a catalog without it falls back to "other".
    expect(catalogText(catalog, 'faq.results', { count: 1_000_000, query: 'x' }, 'es')).toBe('1000000 matches for “x”');
    expect(catalogText(catalog, 'faq.noResults', { query: 'zz' }, 'es')).toBe('Nothing for “zz”');
  });

  it('answers the key itself when the catalog has no such string', () => {
    expect(catalogText(catalog, 'faq.missing', {}, 'en')).toBe('faq.missing');
    expect(catalogText(catalog, 'nowhere.results', { count: 2 }, 'en')).toBe('nowhere.results');
  });

  it('reads the same strings the app shows, in every language', async () => {
    for (const [language, expected] of [
      ['es', '2 preguntas coinciden con “EIN”'],
      ['en', '2 questions match “EIN”'],
      ['pt', '2 perguntas correspondem a “EIN”'],
    ] as const) {
      expect(catalogText(await loadCatalog(language, 'public'), 'faq.results', { count: 2, query: 'EIN' }, language)).toBe(expected);
    }
    await expect(loadCatalog('xx', 'public')).rejects.toThrow('No catalog for xx/public');
  });
});
