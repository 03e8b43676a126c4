import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '@domain/constants';
import { problemCodes } from '@domain/problem';
import { rejectionCodes } from '@sync/protocol';

// Every catalog must be complete in es, en and pt: same files, same keys, no empty strings,
// the same placeholders and markup; and every message key the code can produce must exist.

const root = path.resolve(__dirname, 'locales');
const repo = path.resolve(__dirname, '../..');
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

type Catalog = Record<string, string>;

function flatten(value: unknown, prefix = ''): Catalog {
  if (typeof value === 'string') return { [prefix]: value };
  if (value === null || typeof value !== 'object') return { [prefix]: `<<not a string: ${JSON.stringify(value)}>>` };
  // Lists (read with `returnObjects`) are compared item by item: every language has as many.
  return Object.entries(value).reduce<Catalog>((all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }), {});
}

const namespacesOf = (language: string) =>
  readdirSync(path.join(root, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();

const load = (language: string, namespace: string): Catalog => flatten(JSON.parse(readFileSync(path.join(root, language, `${namespace}.json`), 'utf8')));

const allNamespaces = [...new Set(languages.flatMap(namespacesOf))].sort();

/** Keys with their plural suffix removed: plural forms differ by language and are checked apart. */
const baseKeys = (catalog: Catalog) => [...new Set(Object.keys(catalog).map((key) => key.replace(pluralSuffix, '')))].sort();

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*-?\s*([\w.]+)[^}]*\}\}|<\/?([\w]+)\s*\/?>/g)].map((match) => match[1] ?? `<${match[2]}>`).sort();

describe('locales', () => {
  it('has the same catalog files in every language', () => {
    expect(allNamespaces.length).toBeGreaterThan(0);
    for (const language of languages) expect(namespacesOf(language), language).toEqual(allNamespaces);
  });

  describe.each(allNamespaces)('%s', (namespace) => {
    const catalogs = Object.fromEntries(languages.map((language) => [language, load(language, namespace)])) as Record<string, Catalog>;

    it.each(languages)('has every key in %s', (language) => {
      const expected = [...new Set(languages.flatMap((other) => baseKeys(catalogs[other]!)))].sort();
      expect(baseKeys(catalogs[language]!)).toEqual(expected);
    });

    it.each(languages)('has no empty or non-string message in %s', (language) => {
      const bad = Object.entries(catalogs[language]!).filter(([, text]) => text.trim() === '' || text.startsWith('<<not a string'));
      expect(bad).toEqual([]);
    });

    it.each(languages)('has every plural form %s needs', (language) => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plural = [
        ...new Set(
          Object.keys(catalogs[language]!)
            .filter((key) => pluralSuffix.test(key))
            .map((key) => key.replace(pluralSuffix, '')),
        ),
      ];
      const missing = plural.flatMap((key) =>
        categories.filter((category) => !(`${key}_${category}` in catalogs[language]!)).map((category) => `${key}_${category}`),
      );
      expect(missing).toEqual([]);
    });

    it('uses the same placeholders and markup in every language', () => {
      const mismatches: string[] = [];
      for (const key of Object.keys(catalogs.en!)) {
        if (pluralSuffix.test(key)) continue;
        const english = placeholders(catalogs.en![key]!);
        for (const language of languages) {
          const text = catalogs[language]![key];
          if (text !== undefined && placeholders(text).join() !== english.join()) mismatches.push(`${language}:${namespace}.${key}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  });

  it('translates every validation message the shared schemas and the server can produce', () => {
    const sourceFiles = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
      });
    const used = new Set<string>();
    for (const dir of ['domain', 'sync', 'server', 'src']) {
      for (const file of sourceFiles(path.join(repo, dir))) {
        for (const match of readFileSync(file, 'utf8').matchAll(/['"`]validation\.([A-Za-z0-9_]+)['"`]/g)) used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(5);
    for (const language of languages) {
      const catalog = load(language, 'validation');
      expect(
        [...used].filter((key) => !(key in catalog)),
        language,
      ).toEqual([]);
    }
  });

  it('has the SPEC §8 message for every API error code', () => {
    for (const language of languages) {
      const catalog = load(language, 'errors');
      expect(
        [...problemCodes, 'network'].filter((code) => !(code in catalog)),
        language,
      ).toEqual([]);
    }
  });

  it('has the message of every reason the server gives for refusing a synced change', () => {
    for (const language of languages) {
      const catalog = load(language, 'sync');
      expect(
        rejectionCodes.filter((code) => !(`rejections.${code}` in catalog)),
        language,
      ).toEqual([]);
    }
  });

  it('keeps the SPEC wording in English', () => {
    const errors = load('en', 'errors');
    const validation = load('en', 'validation');
    expect(errors.invalid_credentials).toBe('Email and/or password are incorrect.');
    expect(errors.invalid_security_code).toBe('Invalid security code.');
    expect(errors.internal).toBe("We're sorry, an error occurred. Please try again later");
    expect(validation.required).toBe('This field is required.');
    expect(validation.passwordsMismatch).toBe('Passwords do not match.');
  });
});
