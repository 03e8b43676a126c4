import { useTranslation } from 'react-i18next';
import { RouteError } from '@src/components/route-error/route-error';
import { ContactPage } from '@src/features/public-site/components/contact/contact-page';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { paths } from '@src/lib/paths';
import { contactDetails } from '../../chrome/contact-details';

/** Contact: the form (stored and mailed to the team) and Alta's other channels. */
export function Component() {
  const language = useLanguage();
  const { t } = useTranslation(['public', 'common']);
  usePageHead({ lang: language, path: paths.contact, title: t('common:titleTemplate', { page: t('contact.metaTitle') }), description: t('contact.description') });
  return <ContactPage language={language} channels={contactDetails} />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
