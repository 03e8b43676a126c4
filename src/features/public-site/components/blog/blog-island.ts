import { blogPageSize, isBlogCategory } from '@domain/blog';
import { catalogText, loadCatalog } from '@src/i18n/catalogs';

/**
 * The blog list on a page without the app (decision 081), over the pre-rendered `BlogList`,
 * which has every article (those not shown `hidden`): the category in the address (`?category=`,
 * which the filter links load as a new document) keeps only its articles, "load more" shows the
 * next `blogPageSize` and moves focus to the first of them, and the status says how many, in the
 * same words. Returns what puts the list back as pre-rendered, for the app to hydrate it.
 */
export async function wireBlogList(button: HTMLButtonElement, language: string): Promise<() => void> {
  const root = button.closest<HTMLElement>('[data-blog-list]');
  if (!root) throw new Error('"load more" is outside its blog list');
  const catalog = await loadCatalog(language, 'public');
  const items = [...root.querySelectorAll<HTMLElement>('li[data-category]')];
  const status = root.querySelector<HTMLElement>('[role="status"]')!;
  const filters = [...root.querySelectorAll<HTMLAnchorElement>('nav a')];
  const more = button.parentElement!;

  let category: string | null = null;
  let visible = blogPageSize;
  const inCategory = () => (category ? items.filter((item) => item.dataset.category === category) : items);
  const show = () => {
    const filtered = inCategory();
    const shown = new Set(filtered.slice(0, visible));
    for (const item of items) item.hidden = !shown.has(item);
    more.hidden = shown.size >= filtered.length;
    status.textContent =
      filtered.length > 0
        ? catalogText(catalog, 'blog.showing', { shown: shown.size, total: filtered.length }, language)
        : catalogText(catalog, 'blog.empty', {}, language);
    for (const link of filters) {
      if (new URL(link.href).searchParams.get('category') === category) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  };
  const onMore = () => {
    const first = inCategory()[visible];
    visible += blogPageSize;
    show();
    first?.querySelector('a')?.focus();
  };

  const requested = new URLSearchParams(window.location.search).get('category');
  category = isBlogCategory(requested) ? requested : null;
  show();
  button.addEventListener('click', onMore);
  button.disabled = false;
  return () => {
    button.removeEventListener('click', onMore);
    category = null;
    visible = blogPageSize;
    show();
  };
}
