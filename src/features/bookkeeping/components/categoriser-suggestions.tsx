import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryKey, Transaction } from '@domain/bookkeeping';
import type { Language } from '@domain/constants';
import { currentUserDatabase } from '@sync/client/db';
import { Button } from '@src/components/button';
import { TextField } from '@src/components/form/text-field';
import { useTransactionsSelect } from '../hooks/use-transactions';
import type { TransactionSnapshot } from '../db/transaction-store';
import { currentSyncEngine } from '@src/features/sync/sync-runtime';
import { formatDate, formatNumber, formatUsd } from '@src/i18n/format';
import { useCategoriser, type Suggestion } from '@src/features/categoriser/use-categoriser';
import list from '@src/components/card-list.module.css';
import styles from './categoriser-suggestions.module.css';

/** Uncategorised transactions shown at once. */
const shown = 20;

/** A category just accepted: the similar lines it could go to and the rule it could become. */
interface FollowUp {
  category: CategoryKey;
  similar: string[];
  ruleText: string;
  done: string | null;
}

/**
 * The same transactions, with the same fields shown and suggested from: a line checked or noted
 * in the list is the same line here (accepting it uses its id and these fields only).
 */
const sameLines = (a: readonly Transaction[], b: readonly Transaction[]) =>
  a.length === b.length &&
  a.every((row, index) => {
    const other = b[index]!;
    return (
      row.id === other.id &&
      row.date === other.date &&
      row.description === other.description &&
      row.merchant === other.merchant &&
      row.amountCents === other.amountCents
    );
  });

/** The newest uncategorised lines the snapshot holds, `last` again while they are the same. */
function uncategorisedLines(books: TransactionSnapshot, last: Transaction[] | undefined): Transaction[] | undefined {
  if (!books.loaded) return undefined;
  const found: Transaction[] = [];
  for (const row of books.rows) {
    if (found.length === shown) break;
    if (row.category === null && !row.blocked) found.push(row);
  }
  return last && sameLines(found, last) ? last : found;
}

const setCategory = (id: string, category: CategoryKey) =>
  currentSyncEngine()!.mutate('setTransactionCategory', { id, category, updatedAt: new Date().toISOString() });

/**
 * The categoriser's suggestions for the company's uncategorised transactions, with their
 * confidence: accept one (the model learns it at once), then apply it to the similar lines
 * or make a rule from it. Everything runs on the device, offline too.
 */
export function CategoriserSuggestions({ companyId, language }: { companyId: string; language: Language }) {
  const { t } = useTranslation('bookkeeping');
  const categoriser = useCategoriser(companyId);
  // The newest uncategorised lines, from the list's own copy of the company's transactions in
  // memory (a database query here ran again after every check in the list). While the same lines
  // come back, the same array does: nothing renders again and nothing is asked of the worker.
  const db = useMemo(() => currentUserDatabase(), []);
  const rows = useTransactionsSelect<Transaction[] | undefined>(db, companyId, uncategorisedLines);
  const [suggestions, setSuggestions] = useState<Map<string, Suggestion | null>>(new Map());
  const [followUp, setFollowUp] = useState<FollowUp | null>(null);
  const { ready, suggest } = categoriser;

  useEffect(() => {
    if (!ready || !rows) return;
    let live = true;
    void suggest(rows.map(({ description, merchant, amountCents }) => ({ description, merchant, amountCents }))).then((found) => {
      if (live) setSuggestions(new Map(rows.map((row, index) => [row.id, found[index] ?? null])));
    });
    return () => {
      live = false;
    };
  }, [ready, rows, suggest]);

  const accept = async (row: Transaction, category: CategoryKey) => {
    const found = await categoriser.similar(row, row.id);
    await categoriser.learn([row], category);
    await setCategory(row.id, category);
    setFollowUp({ category, similar: found.ids, ruleText: found.signature, done: null });
  };

  if (!rows) return null;
  const label = (category: CategoryKey) => t(`categories.${category}`);
  return (
    <section className={list.panel} aria-labelledby="categoriser-title">
      <h2 id="categoriser-title" className={list.title}>
        {t('categoriser.title')}
      </h2>
      {followUp && (
        <div className={styles.followUp}>
          {followUp.similar.length > 0 && (
            <div className={styles.suggestion}>
              <span>{t('categoriser.similar', { count: followUp.similar.length, category: label(followUp.category) })}</span>
              <Button
                size="small"
                variant="secondary"
                onClick={() =>
                  void Promise.all(followUp.similar.map((id) => setCategory(id, followUp.category))).then(() =>
                    setFollowUp({ ...followUp, similar: [], done: t('categoriser.applied', { count: followUp.similar.length }) }),
                  )
                }
              >
                {t('categoriser.applySimilar')}
              </Button>
            </div>
          )}
          <form
            className={list.inlineForm}
            onSubmit={(event) => {
              event.preventDefault();
              void categoriser
                .addRule(followUp.ruleText, followUp.category)
                .then(() => setFollowUp({ ...followUp, done: t('categoriser.ruleMade', { text: followUp.ruleText, category: label(followUp.category) }) }));
            }}
          >
            <TextField
              label={t('categoriser.ruleText', { category: label(followUp.category) })}
              value={followUp.ruleText}
              onChange={(event) => setFollowUp({ ...followUp, ruleText: event.target.value })}
            />
            <Button type="submit" size="small" disabled={followUp.ruleText.trim() === ''}>
              {t('categoriser.saveRule')}
            </Button>
          </form>
          {followUp.done && <p role="status">{followUp.done}</p>}
        </div>
      )}
      {rows.length === 0 ? (
        <p className={list.muted}>{t('categoriser.empty')}</p>
      ) : (
        <ul className={list.list}>
          {rows.map((row) => {
            const suggestion = suggestions.get(row.id) ?? null;
            return (
              <li key={row.id} className={list.item}>
                <span className={styles.description}>{row.description}</span>
                <span className={list.muted}>
                  {formatDate(row.date, language)} · {formatUsd(row.amountCents / 100, language)}
                </span>
                {suggestion ? (
                  <span className={styles.suggestion}>
                    <span>
                      {t('categoriser.suggestion', {
                        category: label(suggestion.category),
                        confidence: formatNumber(Math.round(suggestion.confidence * 100), language, 0),
                      })}
                    </span>
                    <span className={`${list.pill} ${styles.source}`}>{t(`categoriser.sources.${suggestion.source}`)}</span>
                    <Button
                      size="small"
                      onClick={() => void accept(row, suggestion.category)}
                      aria-label={t('categoriser.acceptLabel', { category: label(suggestion.category), description: row.description })}
                    >
                      {t('categoriser.accept')}
                    </Button>
                  </span>
                ) : (
                  <span className={list.muted}>{t('categoriser.none')}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
