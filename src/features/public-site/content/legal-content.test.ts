import { readFileSync } from 'node:fs';
import path from 'node:path';
import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { languages, minimumSiteAge, type Language } from '@domain/constants';
import { bankingUnavailableCountries } from '@domain/countries';

// The SPEC §1 terms must be in the legal pages of every language (issue 4): these are the
// promises a customer reads before paying, so a rewrite of the prose must not lose one.

const contentDir = path.resolve(__dirname, '../../../../content/pages');
const page = (name: 'terms' | 'privacy', language: Language) => readFileSync(path.join(contentDir, name, `${language}.md`), 'utf8');

/**
 * The country names of i18n-iso-countries (the library behind the app's country selects,
 * registered by domain/countries.ts) are accepted in every form the library knows. These few
 * are written as readers of that language write them where the library differs: the terms
 * must tell the two Congos apart, the library has no short Spanish names for Iraq, North
 * Korea and Syria, its Portuguese is European (Irão,
 * Iémen) and it swaps the two Congos' Portuguese names.
 */
const readerNames: Record<Language, Record<string, string>> = {
  es: { CG: 'República del Congo', CD: 'República Democrática del Congo', IQ: 'Irak', KP: 'Corea del Norte', SY: 'Siria' },
  en: { SY: 'Syria' },
  pt: {
    BY: 'Belarus',
    BA: 'Bósnia e Herzegovina',
    CG: 'República do Congo',
    CD: 'República Democrática do Congo',
    IR: 'Irã',
    MM: 'Mianmar',
    PS: 'Palestina',
    YE: 'Iêmen',
  },
};

function acceptedNames(code: string, language: Language): string[] {
  const library = countries.getName(code, language, { select: 'all' }) ?? [];
  const reader = readerNames[language][code];
  return reader ? [reader] : library;
}

/** The terms' sentence listing the countries, split into its names. */
function listedCountries(terms: string, language: Language): string[] {
  const afghanistan = countries.getName('AF', language)!;
  const line = terms.split('\n').find((text) => text.includes(afghanistan));
  expect(line, `the ${language} terms list the countries`).toBeDefined();
  const list = line!.slice(line!.indexOf(`${afghanistan}`)).split('.')[0]!;
  // "A, B, C y D" or "A, B, C, and D": only the last comma-separated item holds the conjunction.
  const items = list.split(', ');
  const last = items.pop()!.replace(/^(?:and|y|e) /, '');
  const [, before, after] = /^(.*) (?:y|and|e) ([^ ]+)$/.exec(last) ?? [];
  return [...items, ...(before && after ? [before, after] : [last])].map((name) => name.trim());
}

const facts: Record<Language, { terms: RegExp[]; privacy: RegExp[] }> = {
  es: {
    terms: [
      /no se puede cancelar ni reembolsar/,
      /crear una empresa desde cualquier país/,
      new RegExp(`al menos ${minimumSiteAge} años`),
      /solo transferencias ACH, transferencias bancarias nacionales \(wire\) de Estados Unidos y transferencias SEPA/,
      /No admiten transferencias internacionales SWIFT/,
      /pagos entrantes propios .*de una empresa registrada, de un familiar con tu mismo apellido o pagos entre personas menores a USD 2\.000/,
      /residentes en Estados Unidos, solo se permiten pagos propios y de nómina/,
      /reclamos en un plazo de 30 días/,
    ],
    privacy: [new RegExp(`menores de ${minimumSiteAge} años`), /reclamos en un plazo de 30 días/, /solicitudes sobre datos en el plazo de un mes/],
  },
  en: {
    terms: [
      /cannot be cancelled or refunded/,
      /company can be created from any country/,
      new RegExp(`at least ${minimumSiteAge} years old`),
      /only ACH transfers, US domestic wires and SEPA transfers/,
      /do not support SWIFT/,
      /first-party .*from a registered business, from a family member who shares your surname, or person-to-person payments under \$2,000/,
      /For US residents, only first-party and payroll payments/,
      /complaints within 30 days/,
    ],
    privacy: [new RegExp(`under ${minimumSiteAge}\\b`), /complaints within 30 days/, /data requests within one month/],
  },
  pt: {
    terms: [
      /não pode ser cancelado nem reembolsado/,
      /abrir uma empresa a partir de qualquer país/,
      new RegExp(`pelo menos ${minimumSiteAge} anos`),
      /apenas transferências ACH, transferências bancárias domésticas \(wire\) dos Estados Unidos e transferências SEPA/,
      /não aceitam transferências internacionais SWIFT/,
      /pagamentos próprios .*de uma empresa registrada, de um familiar com o mesmo sobrenome ou pagamentos entre pessoas físicas inferiores a US\$ 2\.000/,
      /residentes nos Estados Unidos, só são permitidos pagamentos próprios e de folha de pagamento/,
      /reclamações em até 30 dias/,
    ],
    privacy: [new RegExp(`menores de ${minimumSiteAge} anos`), /reclamações em até 30 dias/, /pedidos sobre dados em até um mês/],
  },
};

describe.each(languages)('legal pages in %s', (language) => {
  const terms = page('terms', language);
  const privacy = page('privacy', language);

  it.each(facts[language].terms.map((fact) => [fact]))('the terms state %s', (fact) => {
    expect(terms).toMatch(fact);
  });

  it.each(facts[language].privacy.map((fact) => [fact]))('the privacy policy states %s', (fact) => {
    expect(privacy).toMatch(fact);
  });

  it('the terms name every country where digital banking is unavailable, and no other', () => {
    const listed = listedCountries(terms, language);
    const missing = bankingUnavailableCountries.filter((code) => !acceptedNames(code, language).some((name) => listed.includes(name)));
    expect(missing).toEqual([]);
    expect(listed).toHaveLength(bankingUnavailableCountries.length);
  });
});
