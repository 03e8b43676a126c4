/**
 * The locale files, each loaded on demand as its own chunk: by i18next in the app (`i18n.ts`),
 * and by a page that runs without the app (decision 081), which reads a few strings with
 * `catalogText` instead of loading i18next.
 */
export type Catalog = Record<string, unknown>;

const catalogs = import.meta.glob<{ default: Catalog }>('./locales/*/*.json');

export async function loadCatalog(language: string, namespace: string): Promise<Catalog> {
  const load = catalogs[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No catalog for ${language}/${namespace}`);
  return (await load()).default;
}

/**
 * The string at `key` ("faq.results") with its `{{name}}` values filled in. With a numeric
 * `count`, the plural form is chosen as i18next chooses it: `key_one`, `key_many`… by the
 * language's plural rules, else `key_other`.
 */
export function catalogText(catalog: Catalog, key: string, values: Record<string, string | number>, language: string): string {
  const parts = key.split('.');
  const name = parts.pop()!;
  let scope: unknown = catalog;
  for (const part of parts) scope = (scope as Catalog | undefined)?.[part];
  const strings = (scope ?? {}) as Record<string, unknown>;
  const count = values.count;
  const candidates = typeof count === 'number' ? [`${name}_${new Intl.PluralRules(language).select(count)}`, `${name}_other`, name] : [name];
  const template = candidates.map((candidate) => strings[candidate]).find((value) => typeof value === 'string');
  if (typeof template !== 'string') return key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, field: string) => String(values[field] ?? ''));
}
