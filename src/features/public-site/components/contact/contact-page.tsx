import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '@domain/constants';
import { href, paths } from '@src/lib/paths';
import { Icon } from '../icons';
import { PageHeader } from '../page/page-header';
import { PublicPage } from '../page/public-page';
import { ContactForm } from './contact-form';
import styles from './contact.module.css';

export interface ContactChannels {
  email: string;
  phone: string;
  phoneHref: string;
  address: string;
  addressHref: string;
}

/** The contact page: the form beside Alta's email, phone and address. */
export function ContactPage({ language, channels }: { language: Language; channels: ContactChannels }) {
  const { t } = useTranslation('public');
  return (
    <PublicPage>
      <PageHeader eyebrow={t('contact.eyebrow')} title={t('contact.heading')} lead={t('contact.lead')} />
      <div className={styles.layout}>
        <div className={styles.formCard}>
          <ContactForm language={language} />
        </div>
        <section className={styles.details} aria-labelledby="contact-other-ways">
          <h2 id="contact-other-ways">{t('contact.otherWays')}</h2>
          <ul className={styles.channels}>
            <li>
              <a href={`mailto:${channels.email}`}>
                <Icon name="mail" />
                {channels.email}
              </a>
            </li>
            <li>
              <a href={channels.phoneHref}>
                <Icon name="phone" />
                {channels.phone}
              </a>
            </li>
            <li>
              <a href={channels.addressHref} target="_blank" rel="noopener noreferrer">
                <Icon name="pin" />
                {channels.address}
              </a>
            </li>
          </ul>
          <p className={styles.note}>{t('contact.complaints')}</p>
          <p className={styles.note}>
            {t('contact.faqHint')} <Link to={href(language, paths.faq)}>{t('contact.faqLink')}</Link>.
          </p>
        </section>
      </div>
    </PublicPage>
  );
}
