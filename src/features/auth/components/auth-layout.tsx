import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@src/lib/use-page-title';
import styles from './auth-layout.module.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the account screens: the form card and, on wide screens, why Alta. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation('auth');
  usePageTitle(title);
  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="auth-title">
        <header className={styles.header}>
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </header>
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </section>
      <aside className={styles.aside} aria-label={t('aside.label')}>
        <p className={styles.asideTitle}>{t('aside.title')}</p>
        <ul className={styles.points}>
          <li>{t('aside.point1')}</li>
          <li>{t('aside.point2')}</li>
          <li>{t('aside.point3')}</li>
        </ul>
      </aside>
    </div>
  );
}

/**
 * One of `texts`, shown in a place as tall as the tallest of them: a text that changes once the
 * app has hydrated the page (the login's subtitle for someone sent back to it) moves nothing
 * below it, so a click aimed at the form as it changes still lands where it was aimed.
 */
export function SteadyText({ texts, shown }: { texts: readonly string[]; shown: number }) {
  return (
    <span className={styles.steady}>
      {texts.map((text, index) => (
        // The texts are a fixed list in a fixed order, and two may read the same in a language.
        <span key={index} data-hidden={index === shown ? undefined : ''}>
          {text}
        </span>
      ))}
    </span>
  );
}
