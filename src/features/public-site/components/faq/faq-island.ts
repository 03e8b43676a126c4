import { catalogText, loadCatalog } from '@src/i18n/catalogs';
import type { FaqGroup } from '../../content/parse-markdown';
import { searchFaq } from './faq-search';

/**
 * The FAQ's search and `#question-id` links on a page without the app (decision 081), over the
 * pre-rendered `FaqView`: the same `searchFaq` on the questions read from the page, what React
 * would leave out hidden instead, and the same status messages from the same catalog.
 * Returns what puts the page back as pre-rendered, for the app to hydrate it.
 */
export async function wireFaqSearch(input: HTMLInputElement, language: string): Promise<() => void> {
  const root = input.closest<HTMLElement>('[data-faq]');
  if (!root) throw new Error('the FAQ search is outside its FAQ');
  const catalog = await loadCatalog(language, 'public');
  const clear = input.parentElement!.querySelector('button')!;
  const status = root.querySelector<HTMLElement>('[role="search"] [role="status"]')!;
  const topics = root.querySelector<HTMLElement>('nav')!;
  const sections = [...root.querySelectorAll<HTMLElement>('section')];
  const questions = [...root.querySelectorAll<HTMLDetailsElement>('details')];
  const groups: FaqGroup[] = sections.map((section) => ({
    id: section.getAttribute('aria-labelledby') ?? '',
    title: section.querySelector('h2')?.textContent ?? '',
    questions: [...section.querySelectorAll('details')].map((details) => ({
      id: details.id,
      question: details.querySelector('summary')?.textContent ?? '',
      html: '',
      // The answer's text alone: the copy-link button beside it is not part of the answer.
      text: details.querySelector('summary')?.nextElementSibling?.firstElementChild?.textContent ?? '',
    })),
  }));

  const show = () => {
    const query = input.value.trim();
    const found = searchFaq(groups, query);
    const groupIds = new Set(found.map((group) => group.id));
    const questionIds = new Set(found.flatMap((group) => group.questions.map((question) => question.id)));
    sections.forEach((section, index) => (section.hidden = !groupIds.has(groups[index]!.id)));
    for (const details of questions) details.hidden = !questionIds.has(details.id);
    topics.hidden = query !== '';
    clear.hidden = input.value === '';
    const count = questionIds.size;
    status.textContent =
      query === ''
        ? ''
        : count > 0
          ? catalogText(catalog, 'faq.results', { count, query }, language)
          : catalogText(catalog, 'faq.noResults', { query }, language);
  };
  const onClear = () => {
    input.value = '';
    show();
    input.focus();
  };
  const openLinked = () => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target instanceof HTMLDetailsElement) target.open = true;
    target?.scrollIntoView({ block: 'start' });
    target?.querySelector('summary')?.focus({ preventScroll: true });
  };

  const listening = new AbortController();
  const { signal } = listening;
  input.addEventListener('input', show, { signal });
  clear.addEventListener('click', onClear, { signal });
  addEventListener('hashchange', openLinked, { signal });
  input.disabled = false;
  openLinked();
  return () => {
    listening.abort();
    input.value = '';
    show();
  };
}
