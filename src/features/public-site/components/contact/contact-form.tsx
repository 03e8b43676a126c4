import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contactLimits, contactMessageSchema } from '@domain/contact';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import { TextField } from '@src/components/form/text-field';
import fieldStyles from '@src/components/form/field.module.css';
import { useToast } from '@src/components/toast/toast-provider';
import { ApiError } from '@src/lib/api';
import { messageKey } from '@src/lib/error-message';
import { sendContactMessage } from '../../api/contact-api';
import { useHydrated } from '../../hooks/use-hydrated';
import styles from './contact.module.css';

const formSchema = contactMessageSchema.omit({ language: true });
type ContactFields = { name: string; email: string; message: string };
const fields = ['name', 'email', 'message'] as const;

/** The contact form (SPEC §5: name, valid email and message required), validated by the same schema as the API. */
export function ContactForm({ language }: { language: Language }) {
  const { t } = useTranslation(['public', 'validation']);
  const toast = useToast();
  const messageId = useId();
  // Until the form has hydrated, its fields are disabled: what is typed before would be reset
  // by hydration, and a native submit would put the message in the address.
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFields>({ resolver: zodResolver(formSchema), defaultValues: { name: '', email: '', message: '' }, mode: 'onTouched' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendContactMessage({ ...values, language });
      reset();
      toast.show(t('contact.success'), 'success');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation') {
        for (const field of fields) {
          const key = error.errors[field]?.[0];
          if (key) setError(field, { message: key }, { shouldFocus: true });
        }
      }
      toast.show(t(error instanceof ApiError && error.code === 'rate_limited' ? 'contact.rateLimited' : 'contact.error'), 'error');
    }
  });

  const errorText = (message: string | undefined) => (message ? t(messageKey(message)) : undefined);
  const messageError = errorText(errors.message?.message);
  const messageHint = `${messageId}-hint`;
  const messageErrorId = `${messageId}-error`;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label={t('contact.name')}
        autoComplete="name"
        maxLength={contactLimits.nameMax}
        error={errorText(errors.name?.message)}
        {...register('name')}
        disabled={!hydrated}
      />
      <TextField
        label={t('contact.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errorText(errors.email?.message)}
        {...register('email')}
        disabled={!hydrated}
      />
      <div className={fieldStyles.field}>
        <label htmlFor={messageId} className={fieldStyles.label}>
          {t('contact.message')}
        </label>
        <p id={messageHint} className={fieldStyles.hint}>
          {t('contact.messageHint')}
        </p>
        <textarea
          id={messageId}
          rows={6}
          maxLength={contactLimits.messageMax}
          className={`${fieldStyles.control} ${styles.textarea}`}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${messageHint} ${messageErrorId}` : messageHint}
          {...register('message')}
          disabled={!hydrated}
        />
        {messageError && (
          <p id={messageErrorId} className={fieldStyles.error}>
            {messageError}
          </p>
        )}
      </div>
      <Button type="submit" disabled={!hydrated} busy={isSubmitting} busyLabel={t('contact.sending')} className={styles.submit}>
        {t('contact.submit')}
      </Button>
    </form>
  );
}
