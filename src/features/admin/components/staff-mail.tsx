import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import { countryName } from '@domain/countries';
import { mailTypes, staffMailSchema, type MailType, type StaffMailItem } from '@domain/mail';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { formatDate } from '@src/i18n/format';
import { messageKey } from '@src/lib/error-message';
import { fetchStaffMail, staffActions } from '../api/admin-api';
import { uploadMail } from '../api/staff-uploads';
import { useStaffAction } from '../hooks/use-staff-action';
import styles from './admin.module.css';
import { SelectFilter } from './select-filter';
import { StaffUpload } from './staff-upload';

const today = () => new Date().toISOString().slice(0, 10);
const emptyLetter = () => ({ sender: '', type: 'Letter' as MailType, quantity: '1', receivedAt: today(), summary: '' });
type LetterField = 'sender' | 'quantity' | 'receivedAt' | 'summary';

/**
 * Scanned mail for staff (decision 038): the form that adds a letter for the customer (a
 * `StaffUpload` of a correspondence scan with the letter's fields; the owner is mailed once it is
 * published) and the company's mail with its forwarding requests, each marked forwarded once sent.
 */
export function StaffMail({ companyId, language, onChanged }: { companyId: string; language: Language; onChanged: () => void }) {
  const { t } = useTranslation(['admin', 'mailing', 'validation']);
  const id = useId();
  const [letter, setLetter] = useState(emptyLetter);
  const query = useQuery({ queryKey: ['admin', 'staff-mail', companyId], queryFn: ({ signal }) => fetchStaffMail(companyId, signal) });
  const items = query.data ?? null;
  const listError = query.isError ? t('mail.fetchError') : null;
  const reload = () => void query.refetch();
  const { busy, act } = useStaffAction(() => {
    reload();
    onChanged();
  });

  const labels: Record<LetterField, string> = {
    sender: t('mail.sender'),
    quantity: t('mail.quantity'),
    receivedAt: t('mail.receivedAt'),
    summary: t('mail.summary'),
  };
  const fields = () => staffMailSchema.omit({ fileName: true, size: true }).safeParse({ ...letter, quantity: Number(letter.quantity) });
  const check = () => {
    const parsed = fields();
    if (parsed.success) return null;
    const issue = parsed.error.issues[0]!;
    return t('mail.invalidField', { field: labels[issue.path[0] as LetterField] ?? '', message: t(messageKey(issue.message)) });
  };

  const markForwarded = (item: StaffMailItem) => act(item.id, () => staffActions.markForwarded(item.id), t('mail.forwardedDone', { sender: item.sender }));

  const input = (field: LetterField, type: 'text' | 'number' | 'date') => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${field}`}>{labels[field]}</label>
      <input
        id={`${id}-${field}`}
        type={type}
        min={type === 'number' ? 1 : undefined}
        max={type === 'number' ? 999 : type === 'date' ? today() : undefined}
        value={letter[field]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setLetter((current) => ({ ...current, [field]: value }));
        }}
      />
    </div>
  );

  return (
    <>
      <StaffUpload
        title={t('mail.title')}
        types={['correspondenceDocument']}
        submitLabel={t('mail.add')}
        sentMessage={(name) => t('mail.sent', { name })}
        check={check}
        send={async (file, _type, uploadId) => {
          const parsed = fields();
          if (!parsed.success) throw parsed.error;
          await uploadMail(companyId, parsed.data, file, uploadId);
        }}
        onSent={() => {
          setLetter(emptyLetter());
          reload();
          onChanged();
        }}
      >
        {input('sender', 'text')}
        <SelectFilter
          label={t('mail.type')}
          value={letter.type}
          onChange={(value) => setLetter((current) => ({ ...current, type: value as MailType }))}
          options={mailTypes.map((type) => ({ value: type, label: t(`mailing:types.${type}`) }))}
        />
        {input('quantity', 'number')}
        {input('receivedAt', 'date')}
        {input('summary', 'text')}
      </StaffUpload>

      <section className={styles.section} aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className={styles.sectionTitle}>
          {t('mail.listTitle')}
        </h2>
        {listError && <FormAlert>{listError}</FormAlert>}
        {items === null && !listError && <p role="status">{t('common:loading')}</p>}
        {items?.length === 0 && <p>{t('mail.empty')}</p>}
        {items && items.length > 0 && (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('mail.receivedAt')}</th>
                  <th scope="col">{t('mail.sender')}</th>
                  <th scope="col">{t('mail.type')}</th>
                  <th scope="col">{t('mail.forwarding')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id}>
                    <td>{formatDate(item.receivedAt, language)}</td>
                    <td>
                      {item.sender}
                      {item.publishedAt === null && ` · ${t('mail.unpublished')}`}
                    </td>
                    <td>
                      {t(`mailing:types.${item.type}`)} · {t('mailing:quantity', { count: item.quantity })}
                    </td>
                    <td>
                      {item.forwarding ? (
                        <>
                          <span>
                            {t('mail.forwardTo', {
                              recipient: item.forwarding.address.recipient,
                              address: [
                                item.forwarding.address.addressLine1,
                                item.forwarding.address.addressLine2,
                                item.forwarding.address.postalCode,
                                item.forwarding.address.city,
                                item.forwarding.address.stateOrProvince,
                              ]
                                .filter(Boolean)
                                .join(', '),
                              country: countryName(item.forwarding.address.country, language),
                            })}
                            {item.forwarding.note && ` · ${item.forwarding.note}`}
                          </span>{' '}
                          {item.forwarding.forwardedAt ? (
                            <span>{t('mail.forwardedOn', { date: formatDate(item.forwarding.forwardedAt, language) })}</span>
                          ) : (
                            <Button
                              size="small"
                              busy={busy === item.id}
                              onClick={() => void markForwarded(item)}
                              aria-label={t('mail.markForwardedNamed', { sender: item.sender })}
                            >
                              {t('mail.markForwarded')}
                            </Button>
                          )}
                        </>
                      ) : (
                        t('mail.notRequested')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
