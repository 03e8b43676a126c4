import { useTranslation } from 'react-i18next';
import { isLanguage, defaultLanguage } from '@domain/constants';
import { formatDuration } from '@src/i18n/format';
import { errorMessage } from './error-message';

/** Turns a failed call into its SPEC §8 sentence in the user's language (with the wait of a rate limit). */
export function useErrorText() {
  const { t, i18n } = useTranslation('errors');
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  return (error: unknown): string => {
    const { key, values } = errorMessage(error);
    const seconds = typeof values?.seconds === 'number' ? values.seconds : null;
    return t(key, seconds === null ? values : { ...values, time: formatDuration(seconds, language) });
  };
}
