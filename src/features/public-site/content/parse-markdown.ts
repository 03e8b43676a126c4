import { Lexer, Marked, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';

/**
 * Alta's content pipeline, pure and isomorphic: it turns the markdown under `content/` into
 * HTML, headings, a table of contents, reading time and FAQ groups. It runs at build time
 * (the Vite content plugin), never in the browser: pages receive the finished HTML.
 */

export interface Heading {
  depth: number;
  id: string;
  text: string;
}

export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
}

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
/** `## Title {#custom-id}`: the id the content author chose, kept stable across edits of the title. */
const explicitIdPattern = /\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$/;

/** Splits `---` YAML front matter from the markdown body. */
export function splitFrontMatter(source: string): { data: Record<string, unknown>; body: string } {
  const match = frontMatterPattern.exec(source);
  if (!match) return { data: {}, body: source };
  const data: unknown = parseYaml(match[1]!);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new Error('Front matter must be a YAML mapping');
  return { data: data as Record<string, unknown>, body: source.slice(match[0].length) };
}

/**
 * A URL-safe id from heading text: accents folded ("Régimen" → "regimen"), anything that is
 * not a letter or digit becomes one hyphen. Stable for the same text, so links keep working.
 */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'section'
  );
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Text of an HTML fragment: tags dropped, marked's entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Renders markdown to HTML. Every heading gets an id (its `{#id}` or a slug of its text,
 * suffixed -2, -3… when repeated) and is returned in document order for tables of contents.
 * Tables are wrapped in a focusable scroll box so a narrow phone scrolls the table, not the page.
 */
export function renderMarkdown(body: string): RenderedMarkdown {
  const headings: Heading[] = [];
  const used = new Map<string, number>();
  const ids = new WeakMap<Tokens.Heading, string>();

  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type !== 'heading') return;
      const heading = token as Tokens.Heading;
      const explicit = explicitIdPattern.exec(heading.text);
      if (explicit) {
        heading.text = heading.text.replace(explicitIdPattern, '');
        heading.tokens = Lexer.lexInline(heading.text);
      }
      const base = explicit?.[1] ?? slugify(htmlToText(heading.text));
      const seen = used.get(base) ?? 0;
      used.set(base, seen + 1);
      const id = seen === 0 ? base : `${base}-${seen + 1}`;
      ids.set(heading, id);
    },
    renderer: {
      heading(token) {
        const inner = this.parser.parseInline(token.tokens);
        const id = ids.get(token) ?? slugify(htmlToText(inner));
        headings.push({ depth: token.depth, id, text: htmlToText(inner) });
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
    },
  });
  const html = (marked.parse(body, { async: false })).replace(
    /<table>([\s\S]*?)<\/table>/g,
    '<div class="table-scroll" tabindex="0"><table>$1</table></div>',
  );
  return { html, headings };
}

/** The table of contents of a page: its `##` headings. */
export function tableOfContents(headings: Heading[]): Heading[] {
  return headings.filter((heading) => heading.depth === 2);
}

/** Silent-reading speed used for the "N min read" label (words per minute). */
export const wordsPerMinute = 220;

/** Minutes to read a markdown body, rounded up, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\{#[^}]*\}/g, ' ')
    .replace(/[#>*_`|~-]+/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}

export interface FaqQuestion {
  id: string;
  question: string;
  /** The answer as HTML. */
  html: string;
  /** The answer as plain text, for search. */
  text: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  questions: FaqQuestion[];
}

/**
 * Parses an FAQ body: `## Group {#group-id}` then `### Question? {#question-id}` and its answer.
 * Text before the first group is ignored; a question outside a group is an authoring error.
 */
export function parseFaq(body: string): FaqGroup[] {
  const groups: FaqGroup[] = [];
  const lines = body.split(/\r?\n/);
  let current: { question: string; id: string; lines: string[] } | null = null;

  const flush = () => {
    if (!current) return;
    const group = groups.at(-1);
    if (!group) throw new Error(`FAQ question "${current.question}" is outside any group`);
    const { html } = renderMarkdown(current.lines.join('\n').trim());
    group.questions.push({ id: current.id, question: current.question, html, text: htmlToText(html) });
    current = null;
  };

  for (const line of lines) {
    const heading = /^(#{2,3})\s+(.+?)\s*$/.exec(line);
    if (!heading) {
      current?.lines.push(line);
      continue;
    }
    flush();
    const raw = heading[2]!;
    const explicit = explicitIdPattern.exec(raw);
    const title = raw.replace(explicitIdPattern, '');
    const id = explicit?.[1] ?? slugify(title);
    if (heading[1] === '##') groups.push({ id, title, questions: [] });
    else current = { question: title, id, lines: [] };
  }
  flush();

  const ids = [...groups.map((group) => group.id), ...groups.flatMap((group) => group.questions.map((question) => question.id))];
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`FAQ id "${duplicate}" is used twice`);
  return groups;
}
