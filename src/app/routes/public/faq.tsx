import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@src/components/button';
import { RouteError } from '@src/components/route-error/route-error';
import { FaqView } from '@src/features/public-site/components/faq/faq-view';
import { PageHeader } from '@src/features/public-site/components/page/page-header';
import { PublicPage } from '@src/features/public-site/components/page/public-page';
import pageStyles from '@src/features/public-site/components/page/page.module.css';
import { useFaq } from '@src/features/public-site/content/content-resource';
import { usePageHead } from '@src/features/public-site/head/use-page-head';
import { useLanguage } from '@src/features/public-site/hooks/use-language';
import { href, paths } from '@src/lib/paths';

/** Frequently asked questions: grouped, searchable, each question linkable as `#question-id`. */
export function Component() {
  const language = useLanguage();
  const { t } = useTranslation(['public', 'common']);
  const faq = useFaq('faq', language);
  usePageHead({
    lang: language,
    path: paths.faq,
    title: t('common:titleTemplate', { page: faq.title }),
    description: faq.description,
    structuredData: [{ type: 'faq', questions: faq.groups.flatMap((group) => group.questions.map((question) => ({ question: question.question, answer: question.text }))) }],
  });
  return (
    <PublicPage>
      <PageHeader eyebrow={t('faq.eyebrow')} title={faq.title} lead={faq.description} />
      <div className={pageStyles.narrow}>
        <FaqView faq={faq} />
        <section className={pageStyles.callout} aria-labelledby="faq-more">
          <h2 id="faq-more">{t('faq.moreTitle')}</h2>
          <p>
            {t('faq.moreText')} <Link to={href(language, paths.requirements)}>{t('common:nav.requirements')}</Link>
          </p>
          <ButtonLink to={href(language, paths.contact)}>{t('faq.moreCta')}</ButtonLink>
        </section>
      </div>
    </PublicPage>
  );
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
