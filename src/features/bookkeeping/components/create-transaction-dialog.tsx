import { memo, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '@domain/amounts';
import type { TransactionForm } from '@domain/bookkeeping';
import type { CategoryKey } from '@domain/bookkeeping-terms';
import type { Language } from '@domain/constants';
import { Button } from '@src/components/button';
import dialogStyles from '@src/components/dialog/dialog.module.css';
import { useModalDialog } from '@src/components/dialog/use-modal-dialog';
import { FormAlert } from '@src/components/form/form-alert';
import { TextField } from '@src/components/form/text-field';
import { localToday } from '@domain/days';
import styles from './bookkeeping.module.css';
import { SelectField } from '@src/components/form/select-field';
import { accountOptions, useCategoryOptions } from './labelled-field';

interface CreateTransactionDialogProps {
  open: boolean;
  language: Language;
  accounts: readonly { id: string; name: string }[];
  onCancel(): void;
  /** Creates it (a mutation); resolves false when it was refused (the reason is already shown). */
  onCreate(transaction: TransactionForm): Promise<boolean>;
}

type Field = 'date' | 'description' | 'amountCents' | 'merchant' | 'note' | 'accountId' | 'category';

const empty = () => ({
  date: localToday(),
  description: '',
  amount: '',
  direction: 'out' as 'in' | 'out',
  accountId: '',
  category: '',
  merchant: '',
  note: '',
});

/**
 * A transaction typed by hand (SPEC §3 fields, §5 rules through `transactionFormSchema`): the
 * amount is read in the user's language (1.234,56 in es and pt, 1,234.56 in en) into cents,
 * with money in or out chosen apart so nobody has to type a minus sign. The schema loads with
 * the first submit (zod is not part of the list's first JavaScript; by then the sync runtime has
 * usually brought it already).
 */
export const CreateTransactionDialog = memo(function CreateTransactionDialog({ open, language, accounts, onCancel, onCreate }: CreateTransactionDialogProps) {
  const { t } = useTranslation(['bookkeeping', 'validation', 'errors']);
  const [failure, setFailure] = useState<string | null>(null);
  const { ref, dialogProps } = useModalDialog(open, onCancel);
  const titleId = useId();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ReturnType<typeof empty>>) => setForm((current) => ({ ...current, ...patch }));
  const categoryOptions = useCategoryOptions();
  const select = { look: { field: styles.filter, label: styles.filterLabel, control: styles.filterControl } };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const magnitude = parseAmount(form.amount, language === 'en' ? '.' : ',');
    const amountCents = magnitude === null ? Number.NaN : form.direction === 'out' ? -Math.abs(magnitude) : Math.abs(magnitude);
    const rules = await import('@domain/bookkeeping').catch(() => null);
    // Offline before the rules were ever fetched: nothing typed is lost, and the person is told why.
    setFailure(rules ? null : t('errors:network'));
    if (!rules) return;
    const { transactionFormSchema } = rules;
    const parsed = transactionFormSchema.safeParse({
      date: form.date,
      description: form.description,
      amountCents,
      accountKind: form.accountId ? 'manual' : null,
      accountId: form.accountId || null,
      category: (form.category || null) as CategoryKey | null,
      merchant: form.merchant.trim() || null,
      note: form.note,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= t(issue.message.replace(/^validation\./, 'validation:'));
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) (ref.current?.querySelector(`[name="${first}"]`) as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const created = await onCreate(parsed.data);
    setBusy(false);
    if (created) setForm(empty());
  };

  return (
    <dialog ref={ref} className={`${dialogStyles.dialog} ${styles.formDialog}`} aria-labelledby={titleId} {...dialogProps}>
      <h2 id={titleId} className={dialogStyles.title}>
        {t('editing.create.title')}
      </h2>
      <form className={styles.createForm} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('editing.create.date')}
          name="date"
          type="date"
          required
          value={form.date}
          error={errors.date}
          onChange={(event) => set({ date: event.target.value })}
        />
        <TextField
          label={t('editing.create.description')}
          name="description"
          required
          maxLength={500}
          value={form.description}
          error={errors.description}
          onChange={(event) => set({ description: event.target.value })}
        />
        <fieldset className={styles.direction}>
          <legend className={styles.filterLabel}>{t('editing.create.direction')}</legend>
          <label>
            <input type="radio" name="direction" checked={form.direction === 'out'} onChange={() => set({ direction: 'out' })} /> {t('list.filters.moneyOut')}
          </label>
          <label>
            <input type="radio" name="direction" checked={form.direction === 'in'} onChange={() => set({ direction: 'in' })} /> {t('list.filters.moneyIn')}
          </label>
        </fieldset>
        <TextField
          label={t('editing.create.amount')}
          hint={t('editing.create.amountHint')}
          name="amountCents"
          inputMode="decimal"
          required
          value={form.amount}
          error={errors.amountCents}
          onChange={(event) => set({ amount: event.target.value })}
        />
        <SelectField
          {...select}
          name="accountId"
          label={t('list.columns.account')}
          value={form.accountId}
          options={[{ value: '', label: t('list.noAccount') }, ...accountOptions(accounts)]}
          onChange={(event) => set({ accountId: event.target.value })}
        />
        <SelectField
          {...select}
          name="category"
          label={t('list.columns.category')}
          value={form.category}
          options={[{ value: '', label: t('list.uncategorised') }, ...categoryOptions]}
          onChange={(event) => set({ category: event.target.value })}
        />
        <TextField
          label={t('list.columns.merchant')}
          name="merchant"
          maxLength={120}
          value={form.merchant}
          error={errors.merchant}
          onChange={(event) => set({ merchant: event.target.value })}
        />
        <TextField
          label={t('detail.note')}
          name="note"
          maxLength={2000}
          value={form.note}
          error={errors.note}
          onChange={(event) => set({ note: event.target.value })}
        />
        {failure && <FormAlert>{failure}</FormAlert>}
        <div className={dialogStyles.actions}>
          <Button variant="secondary" onClick={onCancel}>
            {t('editing.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('editing.create.submit')}
          </Button>
        </div>
      </form>
    </dialog>
  );
});
