import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@domain/constants';
import type { TaxFormData } from '@domain/tax-form';
import { buttonClass } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';

const documents = {
  return: { build: 'buildTaxReturnPdfInWorker', download: 'pdf.download', fileName: 'pdf.fileName' },
  extension: { build: 'buildExtensionPdfInWorker', download: 'pdf.extensionDownload', fileName: 'pdf.extensionFileName' },
} as const;

/**
 * The prepared return (or its Form 7004) as a PDF, built in a worker from the form on this
 * device (offline too), partners' SSN/ITIN masked; offered as a download link once ready. The
 * worker's client loads with the first PDF asked for, not with the tax form's page.
 */
export function TaxReturnDownload({ form, language, kind = 'return' }: { form: TaxFormData; language: Language; kind?: keyof typeof documents }) {
  const { t } = useTranslation('taxForm');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // Keyed by content: a re-render with an equal form builds nothing again.
  const content = JSON.stringify(form);
  useEffect(() => {
    let current = true;
    let made: string | null = null;
    import('@workers/tax-return-pdf.client')
      .then((pdf) => pdf[documents[kind].build](JSON.parse(content) as TaxFormData, { copy: 'owner', reviewMark: t('pdf.reviewMark') }))
      .then(
        (bytes) => {
          if (!current) return;
          if (!bytes) return setFailed(true);
          made = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
          setUrl(made);
        },
        () => current && setFailed(true),
      );
    return () => {
      current = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [content, kind, t]);
  if (failed) return <FormAlert>{t('pdf.failed')}</FormAlert>;
  if (!url) return <p role="status">{t('pdf.building')}</p>;
  return (
    <a className={buttonClass()} href={url} download={t(documents[kind].fileName, { year: form.taxYear })} lang={language}>
      {t(documents[kind].download)}
    </a>
  );
}
