import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '@domain/constants';
import { blogCategories } from '@domain/blog';
import { listArticleIds, loadArticle, loadArticleIndex, loadContentPage, loadFaq } from '../../../../scripts/content-plugin';
import { htmlToText, parseFaq, readingMinutes, renderMarkdown, slugify, splitFrontMatter, tableOfContents, wordsPerMinute } from './parse-markdown';

const contentDir = path.resolve(__dirname, '../../../../content');

describe('front matter', () => {
  it('splits YAML front matter from the body and keeps dates as text', () => {
    const { data, body } = splitFrontMatter('---\ntitle: "Hola: mundo"\ndate: 2026-10-06\n---\n\nTexto.\n');
    expect(data).toEqual({ title: 'Hola: mundo', date: '2026-10-06' });
    expect(body.trim()).toBe('Texto.');
  });

  it('leaves a body without front matter untouched', () => {
    expect(splitFrontMatter('# Hi\n')).toEqual({ data: {}, body: '# Hi\n' });
  });

  it('refuses front matter that is not a mapping', () => {
    expect(() => splitFrontMatter('---\n- a\n- b\n---\nx')).toThrow(/mapping/);
  });
});

describe('heading ids and table of contents', () => {
  it('slugifies accented Spanish and Portuguese text', () => {
    expect(slugify('Cómo tributa cada una')).toBe('como-tributa-cada-una');
    expect(slugify('Declaração anual — prazos & custos')).toBe('declaracao-anual-prazos-custos');
    expect(slugify('¿?')).toBe('section');
  });

  it('uses the explicit {#id}, slugs the rest and suffixes repeats', () => {
    const { html, headings } = renderMarkdown('## Intro {#start}\n\ntext\n\n## Costs\n\n### Detail\n\n## Costs\n');
    expect(headings).toEqual([
      { depth: 2, id: 'start', text: 'Intro' },
      { depth: 2, id: 'costs', text: 'Costs' },
      { depth: 3, id: 'detail', text: 'Detail' },
      { depth: 2, id: 'costs-2', text: 'Costs' },
    ]);
    expect(html).toContain('<h2 id="start">Intro</h2>');
    expect(html).not.toContain('{#start}');
    expect(html).toContain('<h2 id="costs-2">Costs</h2>');
  });

  it('builds the table of contents from ## headings only', () => {
    const { headings } = renderMarkdown('## One\n\n### One a\n\n## Two *bold*\n');
    expect(tableOfContents(headings)).toEqual([
      { depth: 2, id: 'one', text: 'One' },
      { depth: 2, id: 'two-bold', text: 'Two bold' },
    ]);
  });

  it('gives the same ids for the same text on every build', () => {
    const source = '## Qué es una LLC\n\n## Requisitos\n';
    expect(renderMarkdown(source).headings).toEqual(renderMarkdown(source).headings);
  });

  it('wraps tables in a focusable scroll box', () => {
    const { html } = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(html).toMatch(/^<div class="table-scroll" tabindex="0"><table>/);
  });

  it('decodes entities in heading text', () => {
    expect(htmlToText('<strong>Taxes &amp; fees</strong>')).toBe('Taxes & fees');
  });
});

describe('reading time', () => {
  it('counts words at the reading speed, rounding up, at least one minute', () => {
    expect(readingMinutes('word '.repeat(wordsPerMinute))).toBe(1);
    expect(readingMinutes('word '.repeat(wordsPerMinute + 1))).toBe(2);
    expect(readingMinutes('')).toBe(1);
  });

  it('ignores markdown syntax and link targets', () => {
    const words = 'palabra '.repeat(wordsPerMinute - 2);
    expect(readingMinutes(`## ${words}\n\n- [dos palabras](/es/contact)\n\n| --- | --- |`)).toBe(1);
  });
});

describe('FAQ parsing', () => {
  const source = '## Getting started {#start}\n\n### What is Alta? {#what}\n\nA **platform**.\n\n### Who? {#who}\n\nAnyone 16+.\n\n## Money {#money}\n\n### Refunds? {#refunds}\n\nNo.\n';

  it('groups questions with their ids and answers', () => {
    const groups = parseFaq(source);
    expect(groups.map((group) => [group.id, group.title, group.questions.map((question) => question.id)])).toEqual([
      ['start', 'Getting started', ['what', 'who']],
      ['money', 'Money', ['refunds']],
    ]);
    expect(groups[0]!.questions[0]).toMatchObject({ question: 'What is Alta?', html: '<p>A <strong>platform</strong>.</p>\n', text: 'A platform .' });
  });

  it('refuses a question outside a group and a repeated id', () => {
    expect(() => parseFaq('### Lost?\n\nYes.')).toThrow(/outside any group/);
    expect(() => parseFaq('## A {#x}\n\n### B {#x}\n\nb')).toThrow(/used twice/);
  });
});

describe('the committed content', () => {
  const ids = listArticleIds(contentDir);

  it('has at least one article per blog category, in every language', () => {
    for (const lang of languages) {
      const categories = new Set(loadArticleIndex(contentDir, lang).map((article) => article.category));
      expect([...categories].sort()).toEqual([...blogCategories].sort());
    }
    expect(ids.length).toBeGreaterThanOrEqual(9);
  });

  it('gives every article the same id, category and date in every language', () => {
    for (const id of ids) {
      const [es, ...others] = languages.map((lang) => loadArticle(contentDir, lang, id));
      for (const other of others) {
        expect({ id: other.id, category: other.category, date: other.date }).toEqual({ id: es!.id, category: es!.category, date: es!.date });
        expect(other.toc.length).toBeGreaterThan(2);
      }
    }
  });

  it.each(['faq', 'faq-banking'] as const)('%s has the same groups and question ids in every language', (name) => {
    const shape = (lang: (typeof languages)[number]) => loadFaq(contentDir, name, lang).groups.map((group) => [group.id, group.questions.map((question) => question.id)]);
    const es = shape('es');
    expect(es.length).toBeGreaterThan(2);
    expect(shape('en')).toEqual(es);
    expect(shape('pt')).toEqual(es);
  });

  it.each(['requirements', 'terms', 'privacy'] as const)('%s renders in every language with a table of contents', (name) => {
    for (const lang of languages) {
      const page = loadContentPage(contentDir, name, lang);
      expect(page.title.length).toBeGreaterThan(3);
      expect(page.html).toContain('<h2 id=');
    }
  });
});
