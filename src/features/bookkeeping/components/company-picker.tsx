import { useTranslation } from 'react-i18next';
import styles from './bookkeeping.module.css';
import { Field } from './labelled-field';

/** Which company's books to show, when the user keeps several. */
export function CompanyPicker({
  companies,
  value,
  onChange,
}: {
  companies: readonly { id: string; name: string | null }[];
  value: string;
  onChange(id: string): void;
}) {
  const { t } = useTranslation('bookkeeping');
  return (
    <Field className={styles.filter} labelClassName={styles.filterLabel} label={t('list.company')}>
      {(id) => (
        <select id={id} className={styles.filterControl} value={value} onChange={(event) => onChange(event.target.value)}>
          {companies.map((company, index) => (
            <option key={company.id} value={company.id}>
              {company.name ?? t('list.companyNumber', { number: index + 1 })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
