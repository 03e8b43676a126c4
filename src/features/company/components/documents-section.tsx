import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyDetail } from '@domain/company-views';
import type { Language } from '@domain/constants';
import { acceptOf, type UploadType } from '@domain/file-rules';
import type { CompanyDocument } from '@domain/files';
import type { AppDB } from '@sync/client/db';
import type { DocumentUpload } from '@sync/client/documents';
import { uploadProgress } from '@sync/client/uploads';
import { Button } from '@src/components/button';
import { ConfirmDialog } from '@src/components/dialog/confirm-dialog';
import { useToast } from '@src/components/toast/toast-provider';
import { formatDate, formatNumber } from '@src/i18n/format';
import { loadOnce } from '@src/lib/load-once';
import { useErrorText } from '@src/lib/use-error-text';
import { handOverBlob, storedFileBlob } from '@src/lib/stored-file';
import { deleteDocument } from '../api/company-api';
import styles from './company.module.css';

/**
 * The upload queue (with the checks of an upload's answer, in zod): loaded when the section
 * mounts, after the company page's first paint, not with it (decision 076).
 */
const loadDocuments = loadOnce(() => import('@sync/client/documents'));

/** The company's own documents an owner or teammate may upload (the generated EIN document comes from Alta). */
const companyUploads: UploadType[] = ['einDocument', 'articlesOfIncorporation', 'operatingAgreement'];
/** Each partner's documents. */
const partnerUploads: UploadType[] = ['partnerPassport', 'proofOfAddress'];

const megabytes = (bytes: number, language: Language) => formatNumber(bytes / 1_048_576, language, 1);

function UploadProgress({ upload, language }: { upload: DocumentUpload; language: Language }) {
  const { t } = useTranslation('company');
  useSyncExternalStore(uploadProgress.subscribe, uploadProgress.version, uploadProgress.version);
  const sent = uploadProgress.of(upload.id);
  const label =
    upload.status === 'failed'
      ? t(`documents.refused.${upload.failure ?? 'unknown'}`, { defaultValue: t('documents.refused.unknown'), name: upload.name })
      : sent
        ? t('documents.uploading', { name: upload.name, percent: Math.round((sent.sent / Math.max(sent.total, 1)) * 100) })
        : t('documents.waiting', { name: upload.name });
  return (
    <li className={styles.upload}>
      <span role={upload.status === 'failed' ? 'alert' : undefined}>{label}</span>
      {upload.status === 'pending' && <progress max={upload.size} value={sent?.sent ?? 0} aria-label={t('documents.progressLabel', { name: upload.name })} />}
      <span className={styles.muted}>{t('documents.size', { size: megabytes(upload.size, language) })}</span>
    </li>
  );
}

/** A file picker for one document type (and partner); the SPEC §5 rules are checked before anything is kept. */
function UploadButton({
  db,
  companyId,
  uploadType,
  partnerId,
  label,
}: {
  db: AppDB;
  companyId: string;
  uploadType: UploadType;
  partnerId: string | null;
  label: string;
}) {
  const { t } = useTranslation('company');
  const toast = useToast();
  const errorText = useErrorText();
  const id = useId();
  return (
    <span className={styles.uploadButton}>
      <input
        id={id}
        type="file"
        className={styles.fileInput}
        accept={acceptOf(uploadType)}
        onChange={async (event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (!file) return;
          const documents = await loadDocuments().catch((error: unknown) => {
            toast.show(errorText(error), 'error');
            return null;
          });
          if (!documents) return;
          const queued = await documents.queueDocument(db, { companyId, uploadType, partnerId, file, name: file.name, now: new Date() });
          if (!queued.ok) toast.show(t(`documents.refused.${queued.code}`, { name: file.name }), 'error');
          else if (!navigator.onLine) toast.show(t('documents.waitingOffline', { name: file.name }), 'info');
        }}
      />
      <label htmlFor={id} className={styles.fileLabel}>
        {label}
      </label>
    </span>
  );
}

function DocumentRow({
  db,
  companyId,
  document,
  language,
  onDelete,
}: {
  db: AppDB;
  companyId: string;
  document: CompanyDocument;
  language: Language;
  onDelete: (document: CompanyDocument) => void;
}) {
  const { t } = useTranslation('company');
  const toast = useToast();
  const offline = useLiveQuery(async () => (await db.documentFiles.get(document.key)) !== undefined, [db, document.key]);
  const open = async (download: boolean) => {
    try {
      handOverBlob(await storedFileBlob(db, companyId, document), document.name, download);
    } catch {
      toast.show(t('documents.viewError'), 'error');
    }
  };
  return (
    <li className={styles.document}>
      <span className={styles.documentText}>
        <span className={styles.documentName}>{document.name}</span>
        <span className={styles.muted}>
          {t(`documents.types.${document.uploadType}`)} · {formatDate(document.uploadedAt, language, 'medium')} ·{' '}
          {t('documents.size', { size: megabytes(document.size, language) })}
          {document.addedByStaff ? ` · ${t('documents.byAlta')}` : ''}
          {offline ? ` · ${t('documents.availableOffline')}` : ''}
        </span>
      </span>
      <span className={styles.documentActions}>
        <Button size="small" variant="secondary" onClick={() => void open(false)} aria-label={t('documents.viewNamed', { name: document.name })}>
          {t('documents.view')}
        </Button>
        <Button size="small" variant="secondary" onClick={() => void open(true)} aria-label={t('documents.downloadNamed', { name: document.name })}>
          {t('documents.download')}
        </Button>
        {document.deletable && (
          <Button size="small" variant="ghost" onClick={() => onDelete(document)} aria-label={t('documents.deleteNamed', { name: document.name })}>
            {t('documents.delete')}
          </Button>
        )}
      </span>
    </li>
  );
}

/**
 * Company documents (SPEC §2, §3): the company's and each partner's, uploaded through presigned
 * URLs with progress, kept on the device while offline, viewed, downloaded and deleted where allowed.
 */
export function DocumentsSection({
  db,
  company,
  documents,
  language,
  onChanged,
}: {
  db: AppDB;
  company: CompanyDetail;
  documents: CompanyDocument[];
  language: Language;
  onChanged: () => void;
}) {
  const { t } = useTranslation('company');
  const toast = useToast();
  const errorText = useErrorText();
  const [deleting, setDeleting] = useState<CompanyDocument | null>(null);
  const [busy, setBusy] = useState(false);
  const uploads = useLiveQuery(() => db.documentUploads.where('companyId').equals(company.id).sortBy('createdAt'), [db, company.id]) ?? [];

  useEffect(() => {
    let stop: (() => void) | null = null;
    let mounted = true;
    // Offline before the queue's module ever loaded: it is fetched again once the device is back online.
    const start = () =>
      void loadDocuments().then(
        ({ startDocumentUploads }) => {
          if (mounted) stop = startDocumentUploads(db, { onUploaded: () => onChanged() });
        },
        () => window.addEventListener('online', start, { once: true }),
      );
    start();
    return () => {
      mounted = false;
      window.removeEventListener('online', start);
      stop?.();
    };
  }, [db, onChanged]);

  const confirmDelete = useCallback(async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteDocument(company.id, deleting.key);
      await db.documentFiles.delete(deleting.key).catch(() => undefined);
      toast.show(t('documents.deleted', { name: deleting.name }), 'success');
      onChanged();
    } catch (error) {
      toast.show(errorText(error), 'error');
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }, [company.id, db, deleting, errorText, onChanged, t, toast]);

  const companyDocuments = documents.filter((document) => document.partnerId === null);
  const list = (items: CompanyDocument[]) =>
    items.length === 0 ? (
      <p className={styles.muted}>{t('documents.none')}</p>
    ) : (
      <ul className={styles.documents}>
        {items.map((document) => (
          <DocumentRow key={document.key} db={db} companyId={company.id} document={document} language={language} onDelete={setDeleting} />
        ))}
      </ul>
    );
  const waiting = (partnerId: string | null) => uploads.filter((upload) => upload.partnerId === partnerId);

  return (
    <section aria-labelledby="documents-title" className={styles.section}>
      <h2 id="documents-title" className={styles.sectionTitle}>
        {t('documents.title')}
      </h2>
      <p className={styles.muted}>{t('documents.rules')}</p>
      {list(companyDocuments)}
      {waiting(null).length > 0 && (
        <ul className={styles.uploads} aria-label={t('documents.queueLabel')}>
          {waiting(null).map((upload) => (
            <UploadProgress key={upload.id} upload={upload} language={language} />
          ))}
        </ul>
      )}
      <div className={styles.uploadRow}>
        {companyUploads.map((uploadType) => (
          <UploadButton
            key={uploadType}
            db={db}
            companyId={company.id}
            uploadType={uploadType}
            partnerId={null}
            label={t('documents.upload', { type: t(`documents.types.${uploadType}`) })}
          />
        ))}
      </div>

      {company.partners.map((partner) => {
        const name = `${partner.firstName} ${partner.lastName}`;
        return (
          <section key={partner.id} aria-label={t('documents.partnerTitle', { name })} className={styles.subsection}>
            <h3 className={styles.subsectionTitle}>{t('documents.partnerTitle', { name })}</h3>
            {list(documents.filter((document) => document.partnerId === partner.id))}
            {waiting(partner.id).length > 0 && (
              <ul className={styles.uploads}>
                {waiting(partner.id).map((upload) => (
                  <UploadProgress key={upload.id} upload={upload} language={language} />
                ))}
              </ul>
            )}
            <div className={styles.uploadRow}>
              {partnerUploads.map((uploadType) => (
                <UploadButton
                  key={uploadType}
                  db={db}
                  companyId={company.id}
                  uploadType={uploadType}
                  partnerId={partner.id}
                  label={t('documents.uploadFor', { type: t(`documents.types.${uploadType}`), name })}
                />
              ))}
            </div>
          </section>
        );
      })}
      <ConfirmDialog
        open={deleting !== null}
        title={t('documents.deleteTitle')}
        description={deleting ? t('documents.deleteText', { name: deleting.name }) : undefined}
        confirmLabel={t('documents.delete')}
        cancelLabel={t('actions.cancel')}
        tone="danger"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
