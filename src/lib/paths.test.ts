import { describe, expect, it } from 'vitest';
import { areaHome, areaOf, href, languageOfPath, loginPath, paths, safeReturnPath, swapLanguage } from './paths';

describe('swapLanguage', () => {
  it('swaps the language prefix and keeps the rest, the query and the hash', () => {
    expect(swapLanguage('/es/faq?q=llc#fees', 'en')).toBe('/en/faq?q=llc#fees');
    expect(swapLanguage('/en/dashboard/company/42/renewal', 'pt')).toBe('/pt/dashboard/company/42/renewal');
  });

  it('handles the language home, with or without a trailing slash', () => {
    expect(swapLanguage('/es', 'pt')).toBe('/pt');
    expect(swapLanguage('/es/', 'en')).toBe('/en');
    expect(swapLanguage('/es?lng=es', 'en')).toBe('/en?lng=es');
  });

  it('adds a language to a path that has none', () => {
    expect(swapLanguage('/faq', 'en')).toBe('/en/faq');
    expect(swapLanguage('/', 'es')).toBe('/es');
  });
});

describe('safeReturnPath', () => {
  it('accepts a path of this site and puts it in the current language', () => {
    expect(safeReturnPath('/es/subscriptions?tab=cards#top', 'en')).toBe('/en/subscriptions?tab=cards#top');
  });

  it('refuses other origins and tricks that browsers read as one', () => {
    for (const hostile of ['https://evil.example/es/dashboard', '//evil.example/es', '/\\evil.example', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeReturnPath(hostile, 'es')).toBeNull();
    }
  });

  it('refuses guest-only pages and paths without a language', () => {
    expect(safeReturnPath('/es/login', 'es')).toBeNull();
    expect(safeReturnPath('/es/reset-password/confirm', 'es')).toBeNull();
    expect(safeReturnPath('/dashboard', 'es')).toBeNull();
  });
});

describe('areas', () => {
  it('tells public, dashboard and admin paths apart', () => {
    expect(areaOf('/es')).toBe('public');
    expect(areaOf('/es/faq')).toBe('public');
    expect(areaOf('/es/login')).toBe('public');
    expect(areaOf('/en/dashboard')).toBe('dashboard');
    expect(areaOf('/en/accounting-ai/bookkeeping/7')).toBe('dashboard');
    expect(areaOf('/pt/banking-crypto/faq')).toBe('dashboard');
    expect(areaOf('/pt/admin/companies')).toBe('admin');
  });

  it('knows each area home', () => {
    expect(areaHome('public', 'en')).toBe('/en');
    expect(areaHome('dashboard', 'pt')).toBe('/pt/dashboard');
    expect(areaHome('admin', 'es')).toBe('/es/admin');
  });
});

describe('links', () => {
  it('builds language-prefixed paths', () => {
    expect(href('es', paths.home)).toBe('/es');
    expect(href('en', paths.companyRenewal('a b'))).toBe('/en/dashboard/company/a%20b/renewal');
    expect(languageOfPath('/pt/faq')).toBe('pt');
    expect(languageOfPath('/de/faq')).toBeNull();
  });

  it('remembers where a visitor was going', () => {
    expect(loginPath('es', '/es/mailing?x=1')).toBe('/es/login?from=%2Fes%2Fmailing%3Fx%3D1');
    expect(loginPath('en')).toBe('/en/login');
  });
});
