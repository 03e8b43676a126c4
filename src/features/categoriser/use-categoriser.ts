import { useEffect, useMemo, useState } from 'react';
import type { Remote } from 'comlink';
import type { CategoryKey } from '@domain/bookkeeping';
import { useCurrentUser } from '@src/features/session/session-store';
import { currentSyncEngine } from '@src/features/sync/sync-runtime';
import { startCategoriser } from '@workers/categoriser.client';
import type { CategoriserWorker } from '@workers/categoriser.worker';
import type { Suggestion } from '@workers/categoriser/categoriser';
import type { CategoriserLine } from '@workers/categoriser/features';

export type { Suggestion };

export interface CategoriserApi {
  /** False until the company's model is trained. */
  ready: boolean;
  /** Suggestions for lines, in order (null where nothing fits). */
  suggest(lines: CategoriserLine[]): Promise<(Suggestion | null)[]>;
  /** The person set a category: learnt at once. `learntAs` is the category the line was checked with before, if any. */
  correct(line: CategoriserLine, category: CategoryKey, learntAs: CategoryKey | null): Promise<void>;
  /** "Description contains `text` → `category`", made from a correction. */
  addRule(text: string, category: CategoryKey): Promise<void>;
  /** The company's uncategorised transactions similar to a line, to propose the same category ("apply to similar"), and the words a rule from it would look for. */
  similar(line: CategoriserLine, exceptId: string): Promise<{ ids: string[]; signature: string }>;
}

/**
 * The categoriser that learns, for one company: a worker trained on the company's checked
 * transactions on this device (offline too), ended when the screen leaves.
 */
export function useCategoriser(companyId: string): CategoriserApi {
  const user = useCurrentUser();
  const [remote, setRemote] = useState<Remote<CategoriserWorker> | null>(null);
  useEffect(() => {
    if (!user) return;
    const handle = startCategoriser();
    let live = true;
    void handle.remote.open(user.id, companyId).then(() => {
      if (live) setRemote(() => handle.remote);
    });
    return () => {
      live = false;
      setRemote(null);
      handle.terminate();
    };
  }, [user, companyId]);
  return useMemo(
    () => ({
      ready: remote !== null,
      suggest: async (lines) => (remote ? remote.suggest(lines) : lines.map(() => null)),
      correct: async (line, category, learntAs) => remote?.correct(line, category, learntAs),
      addRule: async (text, category) => {
        const rule = await remote?.makeRule(text, category);
        // A synced mutation: the rule follows the person to the company's other devices.
        if (rule) await currentSyncEngine()?.mutate('createCategoriserRule', rule);
      },
      similar: async (line, exceptId) => (remote ? remote.similar(line, exceptId) : { ids: [], signature: '' }),
    }),
    [remote],
  );
}
