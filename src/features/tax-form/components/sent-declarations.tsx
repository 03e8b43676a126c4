import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import type { TaxDocument } from '@domain/tax-form';
import { currentUserDatabase, type AppDB } from '@sync/client/db';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { useToast } from '@src/components/toast/toast-provider';
import documentStyles from '@src/features/company/components/company.module.css';
import { formatDate } from '@src/i18n/format';
import { apiBaseUrl } from '@src/lib/api';
import { handOverBlob, storedFileBlob } from '@src/lib/stored-file';
import type { CachedPageState } from '@src/lib/query/use-offline-query';
import styles from './tax-form.module.css';

/** The declaration's return as Alta's server builds it (SSN/ITIN masked, the review band in `language`). */
const returnUrl = (document: TaxDocument, language: Language) => {
  const url = new URL(document.url, new URL(apiBaseUrl, window.location.href));
  url.searchParams.set('lang', language);
  return url.href;
};

function DeclarationRow({ db, companyId, document, language }: { db: AppDB; companyId: string; document: TaxDocument; language: Language }) {
  const { t } = useTranslation('taxForm');
  const toast = useToast();
  const file = { key: `tax-documents/${companyId}/${document.year}`, name: t('pdf.fileName', { year: document.year }), contentType: 'application/pdf' };
  const offline = useLiveQuery(async () => (await db.documentFiles.get(file.key).catch(() => undefined)) !== undefined, [db, file.key]);
  const download = async () => {
    try {
      handOverBlob(await storedFileBlob(db, companyId, file, async () => returnUrl(document, language)), file.name, true);
    } catch {
      toast.show(t('sent.downloadError'), 'error');
    }
  };
  return (
    <li className={documentStyles.document}>
      <span className={documentStyles.documentText}>
        <span className={documentStyles.documentName}>{t('sent.year', { year: document.year })}</span>
        <span className={documentStyles.muted}>
          {t('sent.sentOn', { date: formatDate(document.sentAt, language, 'long') })} · {document.forms.map((form) => t(`forms.${form}`)).join(' + ')}
          {offline ? ` · ${t('sent.availableOffline')}` : ''}
        </span>
      </span>
      <Button size="small" variant="secondary" onClick={() => void download()} aria-label={t('sent.downloadYear', { year: document.year })}>
        {t('sent.download')}
      </Button>
    </li>
  );
}

/**
 * The owner's view of a company's sent declarations, one per tax year: when it was sent, the
 * forms of its return, and the return as a PDF (kept on this device once downloaded, so it
 * opens offline too).
 */
export function SentDeclarations({
  companyId,
  state,
  reload,
  language,
}: {
  companyId: string;
  state: CachedPageState<TaxDocument[]>;
  reload(): void;
  language: Language;
}) {
  const { t } = useTranslation('taxForm');
  const db = useMemo(() => currentUserDatabase(), []);
  if (!db) return null;
  return (
    <section aria-labelledby="sent-declarations-title" className={styles.sent}>
      <h2 id="sent-declarations-title" className={styles.stepTitle}>
        {t('sent.title')}
      </h2>
      {state.kind === 'loading' && <p role="status">{t('sent.loading')}</p>}
      {(state.kind === 'failed' || state.kind === 'missing') && (
        <FormAlert>
          {t('sent.failed')}{' '}
          <Button size="small" variant="secondary" onClick={reload}>
            {t('sent.retry')}
          </Button>
        </FormAlert>
      )}
      {state.kind === 'ready' &&
        (state.page.length === 0 ? (
          <p className={styles.lead}>{t('sent.none')}</p>
        ) : (
          <ul className={documentStyles.documents}>
            {state.page.map((document) => (
              <DeclarationRow key={document.year} db={db} companyId={companyId} document={document} language={language} />
            ))}
          </ul>
        ))}
    </section>
  );
}
