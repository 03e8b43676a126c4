import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { ButtonLink } from '@src/components/button';
import { Logo } from '@src/components/logo';
import { useSignedIn } from '@src/features/session/use-signed-in';
import { href, paths } from '@src/lib/paths';
import { LanguageSelector } from './language-selector';
import { MenuButton } from './menu-button';
import styles from './top-bar.module.css';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/** The public top bar (SPEC §2): logo, requirements, FAQ, blogs, language, login, start now. */
export function PublicTopBar({ menuOpen, drawerId, onOpenMenu }: { menuOpen: boolean; drawerId: string; onOpenMenu: () => void }) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const signedIn = useSignedIn();
  const to = (path: string) => href(language, path);

  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <MenuButton expanded={menuOpen} controls={drawerId} onClick={onOpenMenu} />
        <Link to={to(paths.home)} className={styles.brand} aria-label={t('nav.homeLabel')}>
          <Logo />
        </Link>
        <nav aria-label={t('nav.main')} className={styles.links}>
          <NavLink to={to(paths.requirements)}>{t('nav.requirements')}</NavLink>
          <NavLink to={to(paths.faq)}>{t('nav.faq')}</NavLink>
          <NavLink to={to(paths.blogs)}>{t('nav.blogs')}</NavLink>
        </nav>
        <div className={styles.actions}>
          <LanguageSelector className={styles.languages} />
          {signedIn ? (
            <Link to={to(signedIn === 'admin' ? paths.admin : paths.dashboard)} className={styles.account}>
              {t('nav.myAccount')}
            </Link>
          ) : (
            <Link to={to(paths.login)} className={styles.account}>
              {t('nav.login')}
            </Link>
          )}
          {/* A signed-in owner starts another company as themselves, without being signed out (decision 017). */}
          {signedIn !== 'admin' && (
            <ButtonLink to={to(paths.startNow)} variant="accent" size="small">
              {t('nav.startNow')}
            </ButtonLink>
          )}
        </div>
      </div>
    </header>
  );
}
