import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { CategoryKey, Transaction } from '@domain/bookkeeping';
import { useCurrentUser } from '@src/features/session/session-store';
import { syncEngine } from '@src/features/sync/sync-engine';
import type { WorkerHandle } from '@workers/comlink.client';
import { startCategoriser } from '@workers/categoriser.client';
import type { CategoriserWorker, PackedSuggestions } from '@workers/categoriser.worker';

export interface CategoriserApi {
  /** False until the company's model is trained. */
  ready: boolean;
  /**
   * The suggestions for the company's uncategorised transactions on this device (null until
   * the model is trained). A new function after each thing learnt, so suggestions are asked again.
   */
  suggestions(): Promise<PackedSuggestions | null>;
  /** The person set these transactions' category: learnt at once. */
  learn(rows: readonly Transaction[], category: CategoryKey): Promise<void>;
  /** The company's uncategorised transactions like `row` ("apply to similar"), and the words a rule from it would look for. */
  similar(row: Transaction): Promise<{ ids: string[]; signature: string }>;
  /** Makes the rule "description contains `text` → `category`": applied at once, synced to the company's other devices. */
  addRule(text: string, category: CategoryKey): Promise<boolean>;
}

/** One company's worker, shared by the screens that use it, ended with the last. */
interface SharedCategoriser {
  handle: WorkerHandle<CategoriserWorker>;
  opened: Promise<unknown>;
  users: number;
  /** Bumps each time the model learns. */
  version: number;
  listeners: Set<() => void>;
}

const workers = new Map<string, SharedCategoriser>();

function acquire(key: string, userId: string, companyId: string): SharedCategoriser {
  const existing = workers.get(key);
  if (existing) {
    existing.users++;
    return existing;
  }
  const handle = startCategoriser();
  const entry: SharedCategoriser = { handle, opened: handle.remote.open(userId, companyId), users: 1, version: 0, listeners: new Set() };
  workers.set(key, entry);
  return entry;
}

function release(key: string, entry: SharedCategoriser): void {
  if (--entry.users > 0 || workers.get(key) !== entry) return;
  workers.delete(key);
  entry.handle.terminate();
}

/**
 * The categoriser that learns, for one company: a worker trained on the company's checked
 * transactions on this device (offline too), which learns every category the person sets in
 * the list or accepts from a suggestion, ended when the last screen using it leaves.
 */
export function useCategoriser(companyId: string): CategoriserApi {
  const userId = useCurrentUser()?.id ?? null;
  const [entry, setEntry] = useState<SharedCategoriser | null>(null);
  useEffect(() => {
    if (!userId) return;
    const key = `${userId}|${companyId}`;
    const acquired = acquire(key, userId, companyId);
    let live = true;
    void acquired.opened.then(() => {
      if (live) setEntry(acquired);
    });
    return () => {
      live = false;
      setEntry(null);
      release(key, acquired);
    };
  }, [userId, companyId]);
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!entry) return () => {};
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const version = useSyncExternalStore(subscribe, () => entry?.version ?? 0);
  return useMemo(() => {
    const remote = entry?.handle.remote ?? null;
    const learnt = () => {
      if (!entry) return;
      entry.version++;
      for (const listener of entry.listeners) listener();
    };
    return {
      ready: remote !== null,
      suggestions: async () => (remote ? remote.suggestions() : null),
      learn: async (rows, category) => {
        if (!remote) return;
        // A transaction is a line as the categoriser reads it (description, merchant, amount).
        await remote.correct(rows.map((row) => ({ id: row.id, line: row, category })));
        learnt();
      },
      similar: async ({ id, description, merchant, amountCents }) =>
        remote ? remote.similar({ description, merchant, amountCents }, id) : { ids: [], signature: '' },
      addRule: async (text, category) => {
        const rule = remote ? await remote.makeRule(text, category) : null;
        if (!rule) return false;
        await (await syncEngine())?.mutate('createCategoriserRule', rule);
        learnt();
        return true;
      },
    };
    // `version` is in the list so that `suggestions` changes after each thing learnt: the effects that
    // hold it ask again. The memo reads it only through that identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry, version]);
}
