import { z } from 'zod';
import { blogCategories } from './blog';

/* The content's front matter, checked at build time (scripts/content-plugin.ts). */

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
