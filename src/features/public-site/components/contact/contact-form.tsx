import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { contactLimits, contactMessageSchema } from '@domain/contact';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import { TextField } from '@src/components/form/text-field';
import fieldStyles from '@src/components/form/field.module.css';
import { useToast } from '@src/components/toast/toast-provider';
import { ApiError } from '@src/lib/api';
import { useFormDataChecks } from '@src/lib/use-form-data-checks';
import { sendContactMessage } from '../../api/contact-api';
import styles from './contact.module.css';

const fields = ['name', 'email', 'message'] as const;
// The API's schema without the page's language (the page brings zod with its limits).
const formSchema = contactMessageSchema.omit({ language: true });
const loadSchema = () => Promise.resolve(formSchema);

/**
 * The contact form (SPEC §5: name, valid email and message required), checked by the same schema
 * as the API: each field once left, then as it changes. Its fields are read from the form when
 * it is sent, so what a visitor types on the pre-rendered page before the app hydrated it is
 * sent (decision 082): the form is an island that hands the page over at its first touch.
 */
export function ContactForm({ language }: { language: Language }) {
  const { t } = useTranslation('public');
  const toast = useToast();
  const messageId = useId();
  const checks = useFormDataChecks(fields, loadSchema, { checkOnLeave: true });

  const onSubmit = checks.handleSubmit(
    async (values, form) => {
      await sendContactMessage({ ...values, language });
      form.reset();
      checks.clear();
      toast.show(t('contact.success'), 'success');
    },
    (error, form) => {
      checks.refuse(error, form);
      toast.show(t(error instanceof ApiError && error.code === 'rate_limited' ? 'contact.rateLimited' : 'contact.error'), 'error');
    },
  );

  const messageError = checks.fieldError('message');
  const messageHint = `${messageId}-hint`;
  const messageErrorId = `${messageId}-error`;

  return (
    <form className={styles.form} onSubmit={onSubmit} data-island="form" {...checks.formProps}>
      <TextField
        label={t('contact.name')}
        name="name"
        autoComplete="name"
        maxLength={contactLimits.nameMax}
        defaultValue=""
        error={checks.fieldError('name')}
      />
      <TextField
        label={t('contact.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        defaultValue=""
        error={checks.fieldError('email')}
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
          name="message"
          rows={6}
          maxLength={contactLimits.messageMax}
          defaultValue=""
          className={`${fieldStyles.control} ${styles.textarea}`}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${messageHint} ${messageErrorId}` : messageHint}
        />
        {messageError && (
          <p id={messageErrorId} className={fieldStyles.error}>
            {messageError}
          </p>
        )}
      </div>
      <Button type="submit" busy={checks.sending} busyLabel={t('contact.sending')} className={styles.submit} {...checks.sendButtonProps}>
        {t('contact.submit')}
      </Button>
    </form>
  );
}
