import { useTranslation } from 'react-i18next';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';
import { messageKey } from './error-message';

/**
 * Puts the server's per-field problem+json `errors` (i18n keys) on the form's fields, focusing
 * the first. Returns false when the error is not about fields, so the caller shows a
 * form-level message instead.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [field, keys] of Object.entries(error.errors)) {
    if (!(fields as readonly string[]).includes(field) || !keys[0]) continue;
    setError(field as Path<T>, { type: 'server', message: keys[0] }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** The translated message of a field's error (messages are `validation.*` / `errors.*` keys). */
export function useFieldError<T extends FieldValues>(errors: FieldErrors<T>) {
  const { t } = useTranslation(['validation', 'errors']);
  return (name: Path<T>): string | undefined => {
    const message = get<FieldErrors<T>, { message?: unknown } | undefined>(errors, name)?.message;
    return typeof message === 'string' && message ? t(messageKey(message)) : undefined;
  };
}
