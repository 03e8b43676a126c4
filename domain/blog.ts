/*
 * The blog's rules the public pages use. Without zod: the blog list imports this module, and
 * the front matter schemas, used only when the content is built, live in `blog-front-matter.ts`.
 */

/** The blog's categories (SPEC §3), in the order the blog list shows its filters. */
export const blogCategories = [
  'llc-requirements',
  'us-banks',
  'entrepreneurship',
  'taxes-accounting',
  'llc-benefits',
  'legal-aspects',
  'digital-marketing',
  'fulfillment',
  'news',
] as const;
export type BlogCategory = (typeof blogCategories)[number];

/** True when `value` names one of the blog's categories. */
export const isBlogCategory = (value: unknown): value is BlogCategory => typeof value === 'string' && (blogCategories as readonly string[]).includes(value);

/** How many articles the blog list shows at first and adds on each "load more". */
export const blogPageSize = 6;
