import { languages, type Language } from '@domain/constants';
import { href } from '@src/lib/paths';

/**
 * What a public page says about itself to search engines and link previews: one description
 * used twice, by the pre-renderer (serialised into the HTML's <head>) and in the browser
 * (kept in sync on client-side navigation), so both always agree.
 */
export interface PageHead {
  lang: Language;
  /** The route relative to `/{lang}` (`''` for home, `blogs/<id>`), the same in every language. */
  path: string;
  /** The full document title. */
  title: string;
  description: string;
  type?: 'website' | 'article';
  /** ISO date of an article. */
  publishedTime?: string;
  /** What the page is, for search engines (serialised as schema.org JSON-LD). */
  structuredData?: StructuredData[];
}

export type StructuredData =
  | { type: 'organization'; email: string; phone: string; sameAs: string[] }
  | { type: 'faq'; questions: { question: string; answer: string }[] }
  | { type: 'article'; headline: string; description: string; datePublished: string; author: string; authorRole: string; section: string };

/** schema.org JSON-LD of one structured-data description; URLs made absolute with `origin`. */
export function jsonLd(data: StructuredData, head: Pick<PageHead, 'lang' | 'path'>, origin: string): Record<string, unknown> {
  const base = origin.replace(/\/$/, '');
  const organization = { '@type': 'Organization', name: 'Alta', url: pageUrl(origin, head.lang, ''), logo: `${base}/icons/icon-512.png` };
  switch (data.type) {
    case 'organization':
      return {
        '@context': 'https://schema.org',
        ...organization,
        email: data.email,
        telephone: data.phone,
        sameAs: data.sameAs,
        contactPoint: [
          { '@type': 'ContactPoint', contactType: 'customer support', email: data.email, telephone: data.phone, availableLanguage: ['es', 'en', 'pt'] },
        ],
      };
    case 'faq':
      return {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        inLanguage: head.lang,
        mainEntity: data.questions.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })),
      };
    case 'article':
      return {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: data.headline,
        description: data.description,
        datePublished: data.datePublished,
        dateModified: data.datePublished,
        inLanguage: head.lang,
        articleSection: data.section,
        mainEntityOfPage: pageUrl(origin, head.lang, head.path),
        author: { '@type': 'Person', name: data.author, jobTitle: data.authorRole },
        publisher: organization,
        image: `${base}/icons/icon-512.png`,
      };
  }
}

/** Open Graph locales of Alta's languages. */
export const ogLocales: Record<Language, string> = { es: 'es_419', en: 'en_US', pt: 'pt_BR' };

export const pageUrl = (origin: string, lang: Language, path: string) => `${origin.replace(/\/$/, '')}${href(lang, path)}`;

/** The head as tag descriptions: name, attributes, and for scripts their text. */
export function headTags(head: PageHead, origin: string): { tag: 'title' | 'meta' | 'link' | 'script'; attrs: Record<string, string>; text?: string }[] {
  const canonical = pageUrl(origin, head.lang, head.path);
  return [
    { tag: 'title', attrs: {}, text: head.title },
    { tag: 'meta', attrs: { name: 'description', content: head.description } },
    { tag: 'link', attrs: { rel: 'canonical', href: canonical } },
    ...languages.map((lang) => ({ tag: 'link' as const, attrs: { rel: 'alternate', hreflang: lang, href: pageUrl(origin, lang, head.path) } })),
    // Spanish is the default language, and the one a visitor without a preference lands on.
    { tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: pageUrl(origin, 'es', head.path) } },
    { tag: 'meta', attrs: { property: 'og:type', content: head.type ?? 'website' } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: 'Alta' } },
    { tag: 'meta', attrs: { property: 'og:title', content: head.title } },
    { tag: 'meta', attrs: { property: 'og:description', content: head.description } },
    { tag: 'meta', attrs: { property: 'og:url', content: canonical } },
    { tag: 'meta', attrs: { property: 'og:image', content: `${origin.replace(/\/$/, '')}/icons/icon-512.png` } },
    { tag: 'meta', attrs: { property: 'og:locale', content: ogLocales[head.lang] } },
    ...languages
      .filter((lang) => lang !== head.lang)
      .map((lang) => ({ tag: 'meta' as const, attrs: { property: 'og:locale:alternate', content: ogLocales[lang] } })),
    ...(head.publishedTime ? [{ tag: 'meta' as const, attrs: { property: 'article:published_time', content: head.publishedTime } }] : []),
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary' } },
    ...(head.structuredData ?? []).map((data) => ({
      tag: 'script' as const,
      attrs: { type: 'application/ld+json' },
      text: jsonForScript(jsonLd(data, head, origin)),
    })),
  ];
}

/** JSON safe inside a <script>: no `</script>` or `<!--` can end it early. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The head as HTML, each tag marked `data-page-head` so the browser can replace exactly these. */
export function headHtml(head: PageHead, origin: string): string {
  return headTags(head, origin)
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries(attrs)
        .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
        .join('');
      if (tag === 'title') return `<title>${escapeAttr(text ?? '')}</title>`;
      if (tag === 'script') return `<script data-page-head${attributes}>${text}</script>`;
      return `<${tag} data-page-head${attributes}>`;
    })
    .join('\n    ');
}
