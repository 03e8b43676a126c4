import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statementMonths, statementOf } from '@domain/bank-statement';
import type { BankingOverview, WalletTransaction } from '@domain/banking';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import fieldStyles from '@src/components/form/field.module.css';
import { formatMonth, localeOf } from '@src/i18n/format';
import styles from './banking.module.css';

interface Props {
  companyName: string;
  language: Language;
  account: NonNullable<NonNullable<BankingOverview['profile']>['virtualAccounts']['usd']>;
  balanceCents: number;
  transactions: WalletTransaction[];
}

/**
 * The bank statement generator (SPEC §2: month options of the last 7 months as YYYY-MM): the
 * chosen month's statement is built in a worker from the transactions this screen holds and
 * offered for download. Opening and closing balances come from today's balance and the moves since.
 */
export function StatementPanel({ companyName, language, account, balanceCents, transactions }: Props) {
  const { t } = useTranslation('banking');
  const months = useMemo(() => statementMonths(new Date()), []);
  const [month, setMonth] = useState(months[0]!);
  const [download, setDownload] = useState<{ month: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const build = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const statement = statementOf({
        month,
        companyName,
        sponsorBank: account.bankName,
        accountNumber: account.accountNumber,
        routingNumber: account.routingNumber,
        balanceCents,
        transactions,
      });
      const labels = {
        title: t('statement.pdf.title'),
        period: t('statement.pdf.period'),
        sponsorBank: t('statement.pdf.sponsorBank'),
        accountNumber: t('account.number'),
        routingNumber: t('account.routing'),
        opening: t('statement.pdf.opening'),
        closing: t('statement.pdf.closing'),
        date: t('statement.pdf.date'),
        description: t('statement.pdf.description'),
        amount: t('statement.pdf.amount'),
        balance: t('statement.pdf.balance'),
        noTransactions: t('statement.pdf.noTransactions'),
        page: t('statement.pdf.page'),
      };
      // The PDF worker's client loads with the first statement asked for, not with the screen.
      const { buildBankStatementPdfInWorker } = await import('@workers/bank-statement-pdf.client');
      const bytes = await buildBankStatementPdfInWorker(statement, labels, localeOf(language));
      if (download) URL.revokeObjectURL(download.url);
      setDownload({ month, url: URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' })) });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="statement-title">
      <h2 id="statement-title">{t('statement.title')}</h2>
      <div className={styles.inline}>
        <div className={fieldStyles.field}>
          <label htmlFor="statement-month" className={fieldStyles.label}>
            {t('statement.month')}
          </label>
          <select id="statement-month" className={fieldStyles.control} value={month} onChange={(event) => setMonth(event.target.value)}>
            {months.map((option) => (
              <option key={option} value={option}>
                {`${option} · ${formatMonth(option, language, 'long')}`}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" busy={busy} busyLabel={t('statement.building')} onClick={() => void build()}>
          {t('statement.generate')}
        </Button>
      </div>
      {failed && <FormAlert>{t('statement.failed')}</FormAlert>}
      {download?.month === month && (
        <a className={styles.link} href={download.url} download={t('statement.fileName', { month })}>
          {t('statement.download', { month })}
        </a>
      )}
    </section>
  );
}
