import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import type { Language } from '@domain/constants';
import { href, paths } from '@src/lib/paths';
import styles from './drawer-nav.module.css';

export type DrawerRole = 'guest' | 'user' | 'admin';

interface NavItem {
  label: string;
  to: string;
  end?: boolean;
  note?: string;
  children?: NavItem[];
}

interface DrawerNavProps {
  role: DrawerRole;
  /** Closes the drawer after a choice. */
  onNavigate?: () => void;
  /** Opens the logout confirmation. */
  onLogout?: () => void;
  /**
   * SPEC §6: the user's companies are all Cross Border Crypto accounts (no mailing or
   * accounting; the items say so). Known in the signed-in area only, which reads it from the
   * device's database: public pages load no database code.
   */
  cryptoOnly?: boolean;
}

/** The side drawer's items for each role (SPEC §2): visitors, users and the admin. */
export function DrawerNav({ role, onNavigate, onLogout, cryptoOnly = false }: DrawerNavProps) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  // Built once per language and role: the layout renders again at every navigation.
  const items = useMemo(() => navItems(t, language, role, cryptoOnly), [t, language, role, cryptoOnly]);
  const link = (item: NavItem, sub = false) => (
    <NavLink to={item.to} end={item.end} className={sub ? styles.subLink : styles.link} onClick={onNavigate}>
      <span>{item.label}</span>
      {item.note && <span className={styles.note}>{item.note}</span>}
    </NavLink>
  );

  return (
    <nav aria-label={t('drawer.label')} className={styles.nav}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.to + item.label}>
            {link(item)}
            {item.children && (
              <ul className={styles.subList}>
                {item.children.map((child) => (
                  <li key={child.to}>{link(child, true)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
        {role !== 'guest' && onLogout && (
          <li className={styles.logoutItem}>
            <button type="button" className={styles.logout} onClick={onLogout}>
              {t('nav.logout')}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The items of a role's navigation, in the page's language. */
function navItems(t: TFunction<'common'>, language: Language, role: DrawerRole, cryptoOnly: boolean): NavItem[] {
  const usCompanyNeeded = cryptoOnly ? t('nav.usCompanyNeeded') : undefined;
  const to = (path: string) => href(language, path);
  const items: Record<DrawerRole, () => NavItem[]> = {
    guest: () => [
      { label: t('nav.home'), to: to(paths.home), end: true },
      { label: t('nav.requirements'), to: to(paths.requirements) },
      { label: t('nav.faq'), to: to(paths.faq) },
      { label: t('nav.blogs'), to: to(paths.blogs) },
      { label: t('nav.contact'), to: to(paths.contact) },
      { label: t('nav.startNow'), to: to(paths.startNow) },
      { label: t('nav.login'), to: to(paths.login) },
    ],
    user: () => [
      {
        label: t('nav.bankingCrypto'),
        to: to(paths.bankingCrypto),
        end: true,
        children: [{ label: t('nav.bankingCryptoFaq'), to: to(paths.bankingCryptoFaq) }],
      },
      {
        label: t('nav.companies'),
        to: to(paths.dashboard),
        end: true,
        children: [
          { label: t('nav.mailing'), to: to(paths.mailing), note: usCompanyNeeded },
          { label: t('nav.subscriptions'), to: to(paths.subscriptions) },
          { label: t('nav.boiReport'), to: to(paths.boiReport) },
        ],
      },
      {
        label: t('nav.accountingAi'),
        to: to(paths.accountingAi),
        end: true,
        note: usCompanyNeeded,
        children: [
          { label: t('nav.bookkeeping'), to: to(paths.bookkeeping), note: usCompanyNeeded },
          { label: t('nav.taxForm'), to: to(paths.taxForm), note: usCompanyNeeded },
        ],
      },
      { label: t('nav.invoices'), to: to(paths.invoices), note: t('nav.invoicesNote') },
      { label: t('nav.teammates'), to: to(paths.teammates) },
      { label: t('nav.faq'), to: to(paths.faq) },
      { label: t('nav.goToSite'), to: to(paths.home), end: true },
    ],
    admin: () => [
      { label: t('nav.admin'), to: to(paths.admin), end: true },
      { label: t('nav.adminCompanies'), to: to(paths.adminCompanies) },
    ],
  };
  return items[role]();
}
