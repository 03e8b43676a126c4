import { useTranslation } from 'react-i18next';
import { RouteError } from '@src/components/route-error/route-error';
import { HomePage } from '@src/features/public-site/components/home/home-page';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { contactDetails, socialLinks } from '../../chrome/contact-details';

/** Home: what Alta does, the three ways to start, LLC vs C-Corp, plans and how it works. */
export function Component() {
  const language = useLanguage();
  const { t } = useTranslation('home');
  usePageHead({
    lang: language,
    path: '',
    title: t('meta.title'),
    description: t('meta.description'),
    structuredData: [{ type: 'organization', email: contactDetails.email, phone: contactDetails.phone, sameAs: socialLinks(language).map((link) => link.url) }],
  });
  return <HomePage language={language} />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
