import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import type { TaxFormData } from '@domain/tax-form';
import { buildTaxReturnPdfInWorker } from '@workers/tax-return-pdf.client';
import { buttonClass } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';

/**
 * The prepared return as a PDF, built in a worker from the form on this device (offline
 * too), partners' SSN/ITIN masked; offered as a download link once ready.
 */
export function TaxReturnDownload({ form, language }: { form: TaxFormData; language: Language }) {
  const { t } = useTranslation('taxForm');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // Keyed by content: a re-render with an equal form builds nothing again.
  const content = JSON.stringify(form);
  useEffect(() => {
    let current = true;
    let made: string | null = null;
    buildTaxReturnPdfInWorker(JSON.parse(content) as TaxFormData, { copy: 'owner', reviewMark: t('pdf.reviewMark') }).then(
      (bytes) => {
        if (!current) return;
        made = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
        setUrl(made);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [content, t]);
  if (failed) return <FormAlert>{t('pdf.failed')}</FormAlert>;
  if (!url) return <p role="status">{t('pdf.building')}</p>;
  return (
    <a className={buttonClass()} href={url} download={t('pdf.fileName', { year: form.taxYear })} lang={language}>
      {t('pdf.download')}
    </a>
  );
}
