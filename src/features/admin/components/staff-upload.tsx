import { useId, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptOf, checkFileDeclaration, type UploadType } from '@domain/files';
import { uploadProgress } from '@sync/client/uploads';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { useToast } from '@src/components/toast/toast-provider';
import { errorMessage } from '@src/lib/error-message';
import styles from './admin.module.css';
import { SelectFilter } from './select-filter';

/**
 * A staff upload form (decision 033): a file of one of `types`, checked against the SPEC §5
 * rules before anything is sent, sent by `send` with its progress shown, the failure in the
 * SPEC's words. The company documents form uses it; the form for scanned mail (decision 038)
 * adds its own fields as `children`, checks them with `check` and sends through its own route.
 */
export function StaffUpload({
  title,
  types,
  submitLabel,
  send,
  onSent,
  check,
  sentMessage,
  children,
}: {
  title: string;
  types: readonly UploadType[];
  submitLabel: string;
  /** Sends the file; `uploadId` names its progress in the upload progress store. */
  send: (file: File, uploadType: UploadType, uploadId: string) => Promise<void>;
  onSent?: (file: File, uploadType: UploadType) => void;
  /** The `children` fields' refusal, translated, or null when they are fine: checked before anything is sent. */
  check?: () => string | null;
  /** The success toast; "… the customer sees it now" by default. */
  sentMessage?: (name: string) => string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['admin', 'company']);
  const toast = useToast();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploadType, setUploadType] = useState<UploadType>(types[0]!);
  const [file, setFile] = useState<File | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useSyncExternalStore(uploadProgress.subscribe, uploadProgress.version, uploadProgress.version);
  const progress = uploadId ? uploadProgress.of(uploadId) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFailure(t('upload.noFile'));
    const refusal = checkFileDeclaration(uploadType, file.name, file.size);
    if (refusal) return setFailure(t(`company:documents.refused.${refusal}`, { name: file.name }));
    const fieldsRefusal = check?.() ?? null;
    if (fieldsRefusal) return setFailure(fieldsRefusal);
    const sending = crypto.randomUUID();
    setUploadId(sending);
    setFailure(null);
    try {
      await send(file, uploadType, sending);
      toast.show(sentMessage ? sentMessage(file.name) : t('upload.sent', { name: file.name }), 'success');
      setFile(null);
      if (input.current) input.current.value = '';
      onSent?.(file, uploadType);
    } catch (error) {
      const message = errorMessage(error);
      setFailure(t(message.key, message.values));
    } finally {
      setUploadId(null);
    }
  }

  return (
    <form className={styles.section} aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      <p>{t('company:documents.rules')}</p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className={styles.toolbar}>
        {types.length > 1 && (
          <SelectFilter
            label={t('upload.type')}
            value={uploadType}
            onChange={(value) => setUploadType(value as UploadType)}
            options={types.map((type) => ({ value: type, label: t(`company:documents.types.${type}`) }))}
          />
        )}
        <div className={styles.field}>
          <label htmlFor={`${id}-file`}>{t('upload.file')}</label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={acceptOf(uploadType)}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setFailure(null);
            }}
          />
        </div>
        {children}
        <Button type="submit" busy={uploadId !== null}>
          {submitLabel}
        </Button>
      </div>
      {uploadId && file && <progress max={file.size} value={progress?.sent ?? 0} aria-label={t('company:documents.progressLabel', { name: file.name })} />}
    </form>
  );
}
