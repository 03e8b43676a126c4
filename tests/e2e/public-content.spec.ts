import { readFileSync } from 'node:fs';
import { annualDiscount, companyCreationFromUsd, languages, type Language } from '../../domain/constants';
import { formatNumber, formatUsd } from '../../src/i18n/format';
import { expect, test } from './support/test';

// Issue 4: the home page's offer (SPEC §9 "from $450", the three plans and the Custom plan
// text, annual billing saves 15%) is in the HTML served before any script runs, in every
// language, formatted as that language writes amounts. Read with `request`: no JavaScript.

type HomeCopy = {
  hero: { from: string };
  plans: {
    lead: string;
    annual: string;
    standard: { name: string };
    professional: { name: string };
    enterprise: { name: string };
    custom: { name: string; text: string };
  };
};

const homeCopy = (language: Language): HomeCopy =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${language}/home.json`, import.meta.url), 'utf8')) as HomeCopy;

/** The visible text of an HTML document: no tags, scripts or styles, entities decoded, every space one plain space. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/[\s\u00a0\u202f]+/g, ' ');
}

const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

for (const language of languages) {
  test(`the ${language} home HTML states the price from $450, the plans, the Custom plan and the annual saving`, async ({ request }) => {
    const response = await request.get(`/${language}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const text = visibleText(await response.text());
    const copy = homeCopy(language);
    const price = formatUsd(companyCreationFromUsd, language);
    const percent = `${formatNumber(annualDiscount * 100, language)}%`;

    // "from $450" as the language writes it: $450 (en, es), $ 450 (pt).
    expect(price.replace(/[\u00a0\u202f]/g, ' ')).toBe(language === 'pt' ? '$ 450' : '$450');
    expect(text).toContain(plain(copy.hero.from.replace('{{price}}', price)));
    expect(text).toContain(plain(copy.plans.lead.replace('{{price}}', price)));
    for (const plan of ['standard', 'professional', 'enterprise'] as const) {
      expect(copy.plans[plan].name).toBe(plan[0]!.toUpperCase() + plan.slice(1));
      expect(text).toContain(copy.plans[plan].name);
    }
    expect(text).toContain(plain(copy.plans.custom.name));
    expect(text).toContain(plain(copy.plans.custom.text));
    expect(percent).toBe('15%');
    expect(text).toContain(plain(copy.plans.annual.replace('{{percent}}', percent)));
  });
}
