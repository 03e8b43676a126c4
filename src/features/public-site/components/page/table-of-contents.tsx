import type { Heading } from '../../content/parse-markdown';
import styles from './page.module.css';

/** Links to a page's `##` sections; plain anchors, so they work before hydration too. */
export function TableOfContents({ headings, label }: { headings: Heading[]; label: string }) {
  if (headings.length === 0) return null;
  return (
    <nav className={styles.toc} aria-label={label}>
      <p className={styles.tocTitle} aria-hidden="true">
        {label}
      </p>
      <ol>
        {headings.map((heading) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
