import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { ButtonLink } from '@src/components/button';
import { ComingSoon } from '@src/components/coming-soon/coming-soon';
import { href, paths, type Area } from '@src/lib/paths';

/**
 * A screen a later release builds: its real name and purpose in the user's language, inside
 * the real chrome, with the way back to the area's home (none on the home itself: a link to
 * the page it is on leads nowhere).
 */
export function ComingSoonScreen({ screen, area }: { screen: string; area: Exclude<Area, 'admin'> }) {
  const namespace = area === 'public' ? 'common' : 'dashboard';
  const { t } = useTranslation([namespace, 'common']);
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const { pathname } = useLocation();
  const areaHome = href(language, paths.dashboard);

  const actions =
    area === 'public' ? (
      <>
        <ButtonLink to={href(language, paths.home)}>{t('common:comingSoon.home')}</ButtonLink>
        <ButtonLink to={href(language, paths.contact)} variant="secondary">
          {t('common:comingSoon.contact')}
        </ButtonLink>
      </>
    ) : pathname.replace(/\/$/, '') === areaHome ? undefined : (
      <ButtonLink to={areaHome}>{t('common:comingSoon.dashboardHome')}</ButtonLink>
    );

  return <ComingSoon title={t(`${namespace}:screens.${screen}.title`)} description={t(`${namespace}:screens.${screen}.description`)} actions={actions} />;
}
