import { z } from 'zod';

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
export const isBlogCategory = (value: unknown): value is BlogCategory =>
  typeof value === 'string' && (blogCategories as readonly string[]).includes(value);

/** Front matter of an article (`content/blog/<id>/<lang>.md`). */
export const articleFrontMatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  category: z.enum(blogCategories),
  /** Publication date, ISO `YYYY-MM-DD`. */
  date: z.iso.date(),
  author: z.string().min(1),
  authorRole: z.string().min(1),
});
export type ArticleFrontMatter = z.infer<typeof articleFrontMatterSchema>;

/** Front matter of the FAQ and legal pages (`content/faq/<lang>.md`, `content/pages/<page>/<lang>.md`). */
export const pageFrontMatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  /** Last update, ISO `YYYY-MM-DD`. */
  updated: z.iso.date(),
});
export type PageFrontMatter = z.infer<typeof pageFrontMatterSchema>;

/** How many articles the blog list shows at first and adds on each "load more". */
export const blogPageSize = 6;
