import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '@src/components/logo';
import { href, paths } from '@src/lib/paths';
import { contactDetails, socialLinks, type SocialNetwork } from './contact-details';
import styles from './site-footer.module.css';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

const icons: Record<SocialNetwork, string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z',
  instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  linkedin: 'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h3.8v1.7c.6-1 1.9-2 3.9-2 4 0 4.3 2.6 4.3 6V21h-4v-5.6c0-1.4 0-3.1-1.9-3.1s-2.1 1.5-2.1 3V21h-4z',
  x: 'M4 3h4.6l4 5.6L17.5 3H20l-6.2 7.2L21 21h-4.6l-4.4-6.1L6.6 21H4l6.8-7.8z',
  tiktok: 'M14 3h3a4.5 4.5 0 0 0 4 4v3a7.4 7.4 0 0 1-4-1.3V15a6 6 0 1 1-6-6v3.2a2.8 2.8 0 1 0 3 2.8z',
};

/** The public footer (SPEC §2): pages, legal, contact details and social accounts. */
export function SiteFooter() {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const to = (path: string) => href(language, path);

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo inverted />
          <p>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.explore')} className={styles.column}>
          <h2>{t('footer.explore')}</h2>
          <ul>
            <li>
              <Link to={to(paths.requirements)}>{t('nav.requirements')}</Link>
            </li>
            <li>
              <Link to={to(paths.faq)}>{t('nav.faq')}</Link>
            </li>
            <li>
              <Link to={to(paths.blogs)}>{t('nav.blogs')}</Link>
            </li>
            <li>
              <Link to={to(paths.contact)}>{t('nav.contact')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.legal')} className={styles.column}>
          <h2>{t('footer.legal')}</h2>
          <ul>
            <li>
              <Link to={to(paths.terms)}>{t('nav.terms')}</Link>
            </li>
            <li>
              <Link to={to(paths.privacy)}>{t('nav.privacy')}</Link>
            </li>
          </ul>
        </nav>
        <div className={styles.column}>
          <h2>{t('footer.contact')}</h2>
          <address className={styles.contact}>
            <a href={contactDetails.phoneHref}>
              <span className="visually-hidden">{t('footer.phone')}: </span>
              {contactDetails.phone}
            </a>
            <a href={`mailto:${contactDetails.email}`}>
              <span className="visually-hidden">{t('footer.email')}: </span>
              {contactDetails.email}
            </a>
            <a href={contactDetails.addressHref} target="_blank" rel="noopener noreferrer">
              <span className="visually-hidden">{t('footer.address')}: </span>
              {contactDetails.address}
            </a>
          </address>
          <ul className={styles.social} aria-label={t('footer.social')}>
            {socialLinks(language).map(({ network, url }) => (
              <li key={network}>
                <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t(`footer.networks.${network}`)}>
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d={icons[network]} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className={styles.bottom}>
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
