import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `document.title` to "<page> · Alta" in the current language. */
export function usePageTitle(title: string | null | undefined) {
  const { t } = useTranslation('common');
  const full = title ? t('titleTemplate', { page: title }) : t('appName');
  useEffect(() => {
    document.title = full;
  }, [full]);
}
