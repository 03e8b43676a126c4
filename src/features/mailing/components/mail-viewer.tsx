import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { countryName } from '@domain/countries';
import { forwardingRequestSchema, type MailItem } from '@domain/mail';
import type { AppDB } from '@sync/client/db';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import { TextField } from '@src/components/form/text-field';
import { useToast } from '@src/components/toast/toast-provider';
import { CountrySelect } from '@src/features/company-wizard/components/country-select';
import { formatDate } from '@src/i18n/format';
import { messageKey } from '@src/lib/error-message';
import { useErrorText } from '@src/lib/use-error-text';
import { useOnlineStatus } from '@src/lib/use-online-status';
import { handOverBlob, storedFileBlob } from '@src/lib/stored-file';
import { requestForwarding } from '../api/mailing-api';
import styles from './mailing.module.css';

const addressFields = ['recipient', 'addressLine1', 'addressLine2', 'city', 'stateOrProvince', 'postalCode'] as const;
type AddressField = (typeof addressFields)[number] | 'country';
const emptyAddress: Record<AddressField, string> = {
  recipient: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  stateOrProvince: '',
  postalCode: '',
  country: '',
};

/** The forwarding request of one piece: its address (SPEC §5 address rules, checked here and on the server) and a note. */
function ForwardingForm({ item, language, onSent }: { item: MailItem; language: Language; onSent: () => void }) {
  const { t } = useTranslation(['mailing', 'validation']);
  const toast = useToast();
  const errorText = useErrorText();
  const online = useOnlineStatus();
  const titleId = useId();
  const [address, setAddress] = useState(emptyAddress);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [busy, setBusy] = useState(false);

  if (item.forwarding) {
    const { address: sentTo, requestedAt, forwardedAt } = item.forwarding;
    // Staff mark it forwarded once sent (decision 038); a page cached before that has no `forwardedAt`.
    const [key, date] = forwardedAt ? ['forward.forwardedOn', forwardedAt] : ['forward.requested', requestedAt];
    return <p role="status">{t(key, { date: formatDate(date, language, 'medium'), city: sentTo.city, country: countryName(sentTo.country, language) })}</p>;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forwardingRequestSchema.safeParse({ address, note });
    if (!parsed.success) {
      const found: Partial<Record<AddressField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[1] as AddressField | undefined;
        if (field && !found[field]) found[field] = t(messageKey(issue.message));
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await requestForwarding(item.id, parsed.data);
      toast.show(t('forward.sent', { sender: item.sender }), 'success');
      onSent();
    } catch (error) {
      toast.show(errorText(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.forward} aria-labelledby={titleId} onSubmit={(event) => void submit(event)} noValidate>
      <h3 id={titleId}>{t('forward.title')}</h3>
      <p className={styles.muted}>{online ? t('forward.lead') : t('forward.offline')}</p>
      <div className={styles.fields}>
        {addressFields.map((field) => (
          <TextField
            key={field}
            label={t(`forward.${field}`)}
            value={address[field]}
            error={errors[field]}
            autoComplete={field === 'recipient' ? 'name' : field === 'postalCode' ? 'postal-code' : field === 'city' ? 'address-level2' : undefined}
            onChange={(event) => setAddress({ ...address, [field]: event.target.value })}
          />
        ))}
        <CountrySelect
          language={language}
          label={t('forward.country')}
          placeholder={t('forward.choose')}
          value={address.country}
          error={errors.country}
          onChange={(event) => setAddress({ ...address, country: event.target.value })}
        />
      </div>
      <TextField label={t('forward.note')} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      <div>
        <Button type="submit" busy={busy} disabled={!online}>
          {t('forward.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * One piece of mail in a dialog: its scan shown in place (a PDF; other scans are downloaded),
 * read from this device when it was opened before, so it opens offline; download; mark unread;
 * forwarding request.
 */
export function MailViewer({
  db,
  item: opened,
  language,
  onClose,
  onMarkUnread,
  onForwarded,
}: {
  db: AppDB;
  item: MailItem | null;
  language: Language;
  onClose: () => void;
  onMarkUnread: (item: MailItem) => void;
  onForwarded: () => void;
}) {
  const { t } = useTranslation('mailing');
  const { ref, dialogProps } = useModalDialog(opened !== null, onClose);
  const titleId = useId();
  const [file, setFile] = useState<{ key: string; blob: Blob; url: string } | 'failed' | null>(null);
  // The last piece stays in the dialog while it fades out after closing.
  const [last, setLast] = useState(opened);
  if (opened && opened !== last) setLast(opened);
  const item = opened ?? last;

  useEffect(() => {
    if (!item) return;
    let current = true;
    let url: string | null = null;
    setFile(null);
    storedFileBlob(db, item.companyId, item.file).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(new Blob([blob], { type: item.file.contentType }));
        setFile({ key: item.file.key, blob, url });
      },
      () => current && setFile('failed'),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [db, item]);

  const shown = file !== null && file !== 'failed' && file.key === item?.file.key ? file : null;
  return (
    <dialog ref={ref} className={`${dialogStyles.dialog} ${styles.viewer}`} aria-labelledby={titleId} {...dialogProps}>
      {item && (
        <>
          <h2 id={titleId} className={dialogStyles.title}>
            {t('viewer.title', { type: t(`types.${item.type}`), sender: item.sender })}
          </h2>
          <p className={dialogStyles.description}>
            {t('received', { date: formatDate(item.receivedAt, language, 'long') })} · {t('quantity', { count: item.quantity })}
          </p>
          {item.summary && <p>{item.summary}</p>}
          {file === 'failed' ? (
            <p role="alert">{t('viewer.openError')}</p>
          ) : shown && item.file.contentType === 'application/pdf' ? (
            <iframe className={styles.frame} src={shown.url} title={t('viewer.frame', { name: item.file.name })} />
          ) : shown ? (
            <p>{t('viewer.notPdf')}</p>
          ) : (
            <p role="status">{t('loading')}</p>
          )}
          <div className={dialogStyles.actions}>
            <Button variant="secondary" disabled={!shown} onClick={() => shown && handOverBlob(shown.blob, item.file.name, true)}>
              {t('viewer.download')}
            </Button>
            <Button variant="secondary" onClick={() => onMarkUnread(item)}>
              {t('viewer.markUnread')}
            </Button>
            <Button onClick={onClose} autoFocus>
              {t('viewer.close')}
            </Button>
          </div>
          <ForwardingForm key={item.id} item={item} language={language} onSent={onForwarded} />
        </>
      )}
    </dialog>
  );
}
