import { useTranslation } from 'react-i18next';
import { uploadRules } from '@domain/file-rules';
import styles from './bookkeeping.module.css';

/** What the receipt inputs accept (SPEC §5 receipt types), for the file picker. */
export const receiptAccept = uploadRules.transactionReceipt.extensions.map((extension) => `.${extension}`).join(',');

/** Pick receipt files, or take a photo (`capture` opens the camera on phones). */
export function ReceiptFileButtons({ pickLabel, multiple = false, onFiles }: { pickLabel: string; multiple?: boolean; onFiles(files: File[]): void }) {
  const { t } = useTranslation('bookkeeping');
  const inputs = [
    { label: pickLabel, accept: receiptAccept, capture: undefined, multiple },
    { label: t('receipts.takePhoto'), accept: 'image/*', capture: 'environment' as const, multiple: false },
  ];
  return (
    <>
      {inputs.map((input) => (
        <label key={input.label} className={styles.fileButton}>
          {input.label}
          <input
            type="file"
            multiple={input.multiple}
            accept={input.accept}
            capture={input.capture}
            className={styles.visuallyHidden}
            onChange={(event) => {
              onFiles([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </label>
      ))}
    </>
  );
}
