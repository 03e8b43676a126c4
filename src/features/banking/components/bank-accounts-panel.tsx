import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccountView } from '@domain/banking';
import { bankRegions, type BankRegion } from '@domain/banking-terms';
import type { BankAccountInput } from '@domain/banking-forms';
import { bankAccountIssues } from '@domain/banking-rules';
import { Button } from '@src/components/button';
import { FormAlert } from '@src/components/form/form-alert';
import { TextField } from '@src/components/form/text-field';
import fieldStyles from '@src/components/form/field.module.css';
import { ApiError } from '@src/lib/api';
import { messageKey } from '@src/lib/error-message';
import { useErrorText } from '@src/lib/use-error-text';
import { addBankAccount, deleteBankAccount } from '../api/banking-api';
import styles from './banking.module.css';
import { useStepUp } from './step-up';

const emptyAccount = {
  bankName: '',
  firstName: '',
  lastName: '',
  businessName: '',
  accountNumber: '',
  routingNumber: '',
  bic: '',
  clabe: '',
  street: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
};
type Fields = typeof emptyAccount;

/** Bank accounts to withdraw to (SPEC §3, §5): add for US, EU or MX, person or business; delete. Each change needs a fresh code. */
export function BankAccountsPanel({
  companyId,
  accounts,
  stepUpSeconds,
  onChange,
}: {
  companyId: string;
  accounts: BankAccountView[];
  stepUpSeconds: number;
  onChange: () => void;
}) {
  const { t } = useTranslation('banking');
  const errorText = useErrorText();
  const [adding, setAdding] = useState(false);
  const [region, setRegion] = useState<BankRegion>('US');
  const [ownerType, setOwnerType] = useState<'person' | 'business'>('person');
  const [fields, setFields] = useState<Fields>(emptyAccount);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const account: BankAccountInput = {
      region,
      ownerType,
      bankName: fields.bankName.trim(),
      ...(ownerType === 'person'
        ? { firstName: optional(fields.firstName), lastName: optional(fields.lastName) }
        : { businessName: optional(fields.businessName) }),
      ...(region === 'MX' ? { clabe: optional(fields.clabe) } : { accountNumber: optional(fields.accountNumber) }),
      ...(region === 'US' ? { routingNumber: optional(fields.routingNumber) } : {}),
      bic: optional(fields.bic),
      street: fields.street.trim(),
      city: fields.city.trim(),
      state: optional(fields.state),
      postalCode: fields.postalCode.trim(),
      country: fields.country.trim().toUpperCase(),
    };
    const issues = bankAccountIssues(account);
    for (const name of ['bankName', 'city', 'country'] as const) if (!account[name]) issues.push({ path: name, message: 'validation.required' });
    setErrors(Object.fromEntries(issues.map((issue) => [issue.path, t(messageKey(issue.message))])));
    if (issues.length > 0) return;
    setBusy(true);
    try {
      if (!(await stepUp())) return;
      await addBankAccount(companyId, account);
      setFields(emptyAccount);
      resetCode();
      setAdding(false);
      onChange();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation')
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([path, keys]) => [path, t(messageKey(keys[0]!))])));
      else setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (account: BankAccountView) => {
    setFailure(null);
    setBusy(true);
    try {
      if (!(await stepUp())) return;
      await deleteBankAccount(companyId, account.id);
      onChange();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const { stepUp, codeField, resetCode } = useStepUp(stepUpSeconds);

  return (
    <section className={styles.card} aria-labelledby="bank-accounts-title">
      <h2 id="bank-accounts-title">{t('bankAccounts.title')}</h2>
      {failure && <FormAlert>{failure}</FormAlert>}
      {accounts.length === 0 ? (
        <p>{t('bankAccounts.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {accounts.map((account) => (
            <li key={account.id} className={styles.row}>
              <span>{`${account.bankName} ••${account.last4}`}</span>
              <span>{account.holderName}</span>
              <span>{t(`regions.${account.region}`)}</span>
              <Button
                variant="danger"
                size="small"
                disabled={busy}
                onClick={() => void remove(account)}
                aria-label={t('bankAccounts.deleteNamed', { name: `${account.bankName} ••${account.last4}` })}
              >
                {t('bankAccounts.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!adding && accounts.length > 0 && codeField}
      {!adding ? (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {t('bankAccounts.add')}
        </Button>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <div className={fieldStyles.field}>
            <label htmlFor="account-region" className={fieldStyles.label}>
              {t('bankAccounts.region')}
            </label>
            <select id="account-region" className={fieldStyles.control} value={region} onChange={(event) => setRegion(event.target.value as BankRegion)}>
              {bankRegions.map((option) => (
                <option key={option} value={option}>
                  {t(`regions.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={fieldStyles.field}>
            <label htmlFor="account-owner" className={fieldStyles.label}>
              {t('bankAccounts.ownerType')}
            </label>
            <select
              id="account-owner"
              className={fieldStyles.control}
              value={ownerType}
              onChange={(event) => setOwnerType(event.target.value as 'person' | 'business')}
            >
              <option value="person">{t('bankAccounts.person')}</option>
              <option value="business">{t('bankAccounts.business')}</option>
            </select>
          </div>
          <TextField label={t('bankAccounts.bankName')} value={fields.bankName} onChange={set('bankName')} error={errors.bankName} />
          {ownerType === 'person' ? (
            <>
              <TextField label={t('bankAccounts.firstName')} value={fields.firstName} onChange={set('firstName')} error={errors.firstName} />
              <TextField label={t('bankAccounts.lastName')} value={fields.lastName} onChange={set('lastName')} error={errors.lastName} />
            </>
          ) : (
            <TextField label={t('bankAccounts.businessName')} value={fields.businessName} onChange={set('businessName')} error={errors.businessName} />
          )}
          {region === 'MX' ? (
            <TextField label={t('bankAccounts.clabe')} inputMode="numeric" value={fields.clabe} onChange={set('clabe')} error={errors.clabe} />
          ) : (
            <TextField
              label={t(region === 'EU' ? 'bankAccounts.iban' : 'bankAccounts.accountNumber')}
              value={fields.accountNumber}
              onChange={set('accountNumber')}
              error={errors.accountNumber}
            />
          )}
          {region === 'US' && (
            <TextField
              label={t('bankAccounts.routingNumber')}
              inputMode="numeric"
              value={fields.routingNumber}
              onChange={set('routingNumber')}
              error={errors.routingNumber}
            />
          )}
          <TextField label={t('bankAccounts.bic')} value={fields.bic} onChange={set('bic')} error={errors.bic} />
          <TextField label={t('bankAccounts.street')} value={fields.street} onChange={set('street')} error={errors.street} autoComplete="address-line1" />
          <TextField label={t('bankAccounts.city')} value={fields.city} onChange={set('city')} error={errors.city} autoComplete="address-level2" />
          <TextField label={t('bankAccounts.state')} value={fields.state} onChange={set('state')} error={errors.state} autoComplete="address-level1" />
          <TextField
            label={t('bankAccounts.postalCode')}
            value={fields.postalCode}
            onChange={set('postalCode')}
            error={errors.postalCode}
            autoComplete="postal-code"
          />
          <TextField
            label={t('bankAccounts.country')}
            maxLength={2}
            value={fields.country}
            onChange={set('country')}
            error={errors.country}
            autoComplete="country"
            hint={t('bankAccounts.countryHint')}
          />
          {codeField}
          <Button type="submit" busy={busy}>
            {t('bankAccounts.save')}
          </Button>
        </form>
      )}
    </section>
  );
}
