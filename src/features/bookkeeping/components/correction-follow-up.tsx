import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@domain/bookkeeping';
import { maxRuleTextLength, type CategoryKey } from '@domain/bookkeeping-terms';
import { Button } from '@src/components/button';
import { TextField } from '@src/components/form/text-field';
import type { Language } from '@domain/constants';
import { formatNumber } from '@src/i18n/format';
import type { CategoriserApi } from '@src/features/categoriser/use-categoriser';
import type { TransactionSnapshot } from '../db/transaction-store';
import list from '@src/components/card-list.module.css';
import styles from './bookkeeping.module.css';

/** One transaction the person just categorised in the list. */
export interface Correction {
  row: Transaction;
  category: CategoryKey;
}

interface CorrectionFollowUpProps {
  correction: Correction;
  categoriser: CategoriserApi;
  snapshot: TransactionSnapshot;
  language: Language;
  /** Categorises rows as one undoable change that the categoriser learns (the list's own action). */
  categorise(rows: readonly Transaction[], category: CategoryKey): Promise<unknown>;
  onClose(): void;
}

/**
 * What may follow a correction: the same category for the similar uncategorised transactions
 * ("apply to similar"), and a rule "description contains X → category" made from it, which
 * syncs to the company's other devices. Everything runs on the device, offline too.
 */
export function CorrectionFollowUp({ correction, categoriser, snapshot, language, categorise, onClose }: CorrectionFollowUpProps) {
  const { t } = useTranslation('bookkeeping');
  const [similar, setSimilar] = useState<string[]>([]);
  const [ruleText, setRuleText] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const ruleField = useRef<HTMLInputElement>(null);
  // The categoriser is a new object after each thing it learns (the correction itself is one):
  // the lookup runs once per correction, with the categoriser of the moment.
  const categoriserRef = useRef(categoriser);
  categoriserRef.current = categoriser;
  const { ready } = categoriser;

  useEffect(() => {
    if (!ready) return;
    let live = true;
    void categoriserRef.current.similar(correction.row).then((found) => {
      if (!live) return;
      setSimilar(found.ids);
      setRuleText(found.signature);
    });
    return () => {
      live = false;
    };
  }, [correction, ready]);

  const category = t(`categories.${correction.category}`);
  const applySimilar = async () => {
    const rows = similar.flatMap((id) => {
      const index = snapshot.byId.get(id);
      const row = index === undefined ? undefined : snapshot.rows[index];
      return row && row.category === null ? [row] : [];
    });
    await categorise(rows, correction.category);
    // The pressed button goes with the similar lines: the person carries on at the bar's next step.
    ruleField.current?.focus();
    setSimilar([]);
    setDone(t('categoriser.applied', { count: rows.length, formatted: formatNumber(rows.length, language) }));
  };
  const makeRule = async () => {
    if (await categoriser.addRule(ruleText, correction.category)) setDone(t('categoriser.ruleMade', { text: ruleText.trim(), category }));
  };

  return (
    <section className={styles.bulkBar} aria-label={t('categoriser.followUp')}>
      {similar.length > 0 && (
        <span className={styles.followUpItem}>
          {t('categoriser.similar', { count: similar.length, formatted: formatNumber(similar.length, language), category })}
          <Button size="small" variant="secondary" onClick={() => void applySimilar()}>
            {t('categoriser.applySimilar')}
          </Button>
        </span>
      )}
      <form
        className={list.inlineForm}
        onSubmit={(event) => {
          event.preventDefault();
          void makeRule();
        }}
      >
        <TextField
          ref={ruleField}
          label={t('categoriser.ruleText', { category })}
          value={ruleText}
          maxLength={maxRuleTextLength}
          onChange={(event) => setRuleText(event.target.value)}
        />
        <Button type="submit" size="small" disabled={ruleText.trim() === ''}>
          {t('categoriser.saveRule')}
        </Button>
      </form>
      {done && <p role="status">{done}</p>}
      <Button size="small" variant="ghost" onClick={onClose}>
        {t('categoriser.closeFollowUp')}
      </Button>
    </section>
  );
}
