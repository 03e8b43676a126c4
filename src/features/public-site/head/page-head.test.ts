import { describe, expect, it } from 'vitest';
import { headHtml, headTags, jsonForScript, type PageHead } from './page-head';

const faq: PageHead = {
  lang: 'pt',
  path: 'faq',
  title: 'Perguntas frequentes · Alta',
  description: 'Respostas "rápidas" <sobre> tudo',
  structuredData: [{ type: 'faq', questions: [{ question: 'O que é?', answer: 'Uma plataforma </script><script>alert(1)</script>' }] }],
};

describe('page head', () => {
  it('links every language and x-default (Spanish) with absolute URLs', () => {
    const links = headTags(faq, 'https://alta.example/').filter((tag) => tag.attrs.rel === 'alternate');
    expect(links.map((tag) => [tag.attrs.hreflang, tag.attrs.href])).toEqual([
      ['es', 'https://alta.example/es/faq'],
      ['en', 'https://alta.example/en/faq'],
      ['pt', 'https://alta.example/pt/faq'],
      ['x-default', 'https://alta.example/es/faq'],
    ]);
    expect(headTags(faq, 'https://alta.example').find((tag) => tag.attrs.rel === 'canonical')?.attrs.href).toBe('https://alta.example/pt/faq');
  });

  it('uses /{lang} without a trailing slash for home', () => {
    const home = headTags({ ...faq, path: '' }, 'https://alta.example');
    expect(home.find((tag) => tag.attrs.rel === 'canonical')?.attrs.href).toBe('https://alta.example/pt');
  });

  it('escapes attributes and keeps JSON-LD from closing its script', () => {
    const html = headHtml(faq, 'https://alta.example');
    expect(html).toContain('content="Respostas &quot;rápidas&quot; &lt;sobre&gt; tudo"');
    expect(html).not.toContain('</script><script>');
    expect(JSON.parse(jsonForScript({ a: '</script>' }))).toEqual({ a: '</script>' });
    const json = /<script data-page-head type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toMatchObject({ '@type': 'FAQPage', inLanguage: 'pt', mainEntity: [{ '@type': 'Question', name: 'O que é?' }] });
  });

  it('describes an article as a BlogPosting', () => {
    const tags = headTags(
      {
        lang: 'en',
        path: 'blogs/x',
        title: 'X',
        description: 'Y',
        type: 'article',
        publishedTime: '2026-10-06',
        structuredData: [{ type: 'article', headline: 'X', description: 'Y', datePublished: '2026-10-06', author: 'A', authorRole: 'R', section: 'News' }],
      },
      'https://alta.example',
    );
    expect(tags.find((tag) => tag.attrs.property === 'og:type')?.attrs.content).toBe('article');
    expect(JSON.parse(tags.find((tag) => tag.tag === 'script')!.text!)).toMatchObject({
      '@type': 'BlogPosting',
      mainEntityOfPage: 'https://alta.example/en/blogs/x',
      author: { name: 'A' },
    });
  });
});
