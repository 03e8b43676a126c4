import type { Language } from '@domain/constants';
import type { SyncStatus } from '@sync/client/engine';
import { formatDateTime } from '@src/i18n/format';

/**
 * What the sync indicator says, decided in one place (issue 8 §5): the engine's status is
 * first reduced to one condition, and the badge and every line of its panel are read from
 * that condition only, so they can never contradict each other ("Saved" on the badge while
 * the panel reports a failure, "offline" while connected).
 */
export type SyncCondition =
  /** The session ended: nothing is sent until the user signs in again. */
  | { kind: 'unauthorized'; pending: number }
  /** The server needs a newer app: nothing is sent until the page is reloaded. */
  | { kind: 'outdated'; pending: number }
  /** The browser has no network. */
  | { kind: 'offline'; pending: number }
  /** The browser says online, but Alta does not answer; probed again at `retryAt`. */
  | { kind: 'unreachable'; pending: number; retryAt: number | null }
  /** Alta answered with an error; tried again at `retryAt`. */
  | { kind: 'failed'; pending: number; retryAt: number | null }
  /** Sending the pending changes now. */
  | { kind: 'sending'; pending: number }
  /** Changes wait for the next push (a moment's pause in typing, or another tab sends them). */
  | { kind: 'waiting'; pending: number; otherTab: boolean }
  /** Nothing waits: everything is on Alta. */
  | { kind: 'saved' };

export function syncCondition(status: SyncStatus): SyncCondition {
  const pending = status.pendingCount;
  if (status.phase === 'unauthorized' || status.phase === 'outdated') return { kind: status.phase, pending };
  if (!status.online || status.phase === 'offline') return { kind: 'offline', pending };
  if (status.phase === 'unreachable') return { kind: 'unreachable', pending, retryAt: status.nextRetryAt };
  if (status.phase === 'retrying') return { kind: 'failed', pending, retryAt: status.nextRetryAt };
  if (pending === 0) return { kind: 'saved' };
  if (status.phase === 'syncing') return { kind: 'sending', pending };
  return { kind: 'waiting', pending, otherTab: !status.leader };
}

export type SyncTone = 'ok' | 'busy' | 'warn' | 'error';

/** A text of the `sync` namespace: its key and values (`time` values are instants, formatted by the reader). */
export interface SyncText {
  key: string;
  values?: { count?: number; time?: number | string };
}

export interface SyncSummary {
  condition: SyncCondition;
  /** The compact state on the button, and its colour. */
  badge: SyncText & { tone: SyncTone };
  /** The panel's lines, in order; `alert` ones ask the user to act. */
  lines: (SyncText & { style?: 'muted' | 'alert' })[];
  /** The action the panel offers for `unauthorized` and `outdated`. */
  action: 'signIn' | 'reload' | null;
  /** Whether "Retry now" can help (something failed or waits, and the network is there). */
  canRetry: boolean;
}

function badgeOf(condition: SyncCondition, rejections: number): SyncSummary['badge'] {
  switch (condition.kind) {
    case 'unauthorized':
    case 'outdated':
      return { key: `indicator.${condition.kind}`, tone: 'error' };
    default:
      // A refused change outranks the connection: the user has something to read.
      if (rejections > 0) return { key: 'indicator.rejected', values: { count: rejections }, tone: 'error' };
  }
  switch (condition.kind) {
    case 'offline':
      return condition.pending > 0
        ? { key: 'indicator.offlinePending', values: { count: condition.pending }, tone: 'warn' }
        : { key: 'indicator.offline', tone: 'warn' };
    case 'unreachable':
      return { key: 'indicator.unreachable', tone: 'warn' };
    case 'failed':
      return condition.pending > 0 ? { key: 'indicator.retrying', tone: 'warn' } : { key: 'indicator.notUpdated', tone: 'warn' };
    case 'sending':
      return { key: 'indicator.syncing', tone: 'busy' };
    case 'waiting':
      return { key: 'indicator.pending', values: { count: condition.pending }, tone: 'busy' };
    default:
      return { key: 'indicator.synced', tone: 'ok' };
  }
}

function linesOf(condition: SyncCondition): SyncSummary['lines'] {
  const pendingLine = (pending: number): SyncText => (pending > 0 ? { key: 'panel.pending', values: { count: pending } } : { key: 'panel.pendingNone' });
  const retryLine = (retryAt: number | null): SyncSummary['lines'] =>
    retryAt === null ? [] : [{ key: 'panel.retryAt', values: { time: retryAt }, style: 'muted' }];
  switch (condition.kind) {
    case 'unauthorized':
    case 'outdated':
      return [{ key: `panel.${condition.kind}`, style: 'alert' }, pendingLine(condition.pending)];
    case 'offline':
      return [condition.pending > 0 ? { key: 'panel.offlinePending', values: { count: condition.pending } } : { key: 'panel.offlineNothing' }];
    case 'unreachable':
      return [
        { key: 'panel.unreachable', style: 'alert' },
        condition.pending > 0 ? { key: 'panel.unreachablePending', values: { count: condition.pending } } : { key: 'panel.pendingNone' },
        ...retryLine(condition.retryAt),
      ];
    case 'failed':
      return [
        { key: 'panel.online' },
        pendingLine(condition.pending),
        condition.pending > 0 ? { key: 'panel.failureSend', style: 'alert' } : { key: 'panel.failureFetch', style: 'alert' },
        ...retryLine(condition.retryAt),
      ];
    case 'sending':
      return [{ key: 'panel.online' }, { key: 'panel.sending', values: { count: condition.pending } }];
    case 'waiting':
      return [{ key: 'panel.online' }, pendingLine(condition.pending), ...(condition.otherTab ? [{ key: 'panel.otherTab', style: 'muted' as const }] : [])];
    default:
      return [{ key: 'panel.online' }, pendingLine(0)];
  }
}

/** The indicator's badge and panel for a status. */
export function summarizeSync(status: SyncStatus): SyncSummary {
  const condition = syncCondition(status);
  const lastSynced: SyncSummary['lines'][number] = status.lastSyncedAt
    ? { key: 'panel.lastSynced', values: { time: status.lastSyncedAt }, style: 'muted' }
    : { key: 'panel.neverSynced', style: 'muted' };
  return {
    condition,
    badge: badgeOf(condition, status.rejections.length),
    lines: [...linesOf(condition), lastSynced],
    action: condition.kind === 'unauthorized' ? 'signIn' : condition.kind === 'outdated' ? 'reload' : null,
    canRetry: condition.kind === 'unreachable' || condition.kind === 'failed' || condition.kind === 'waiting',
  };
}

/** A text in words: its translation (`translate` looks up the `sync` namespace) with its time formatted for the language. */
export function syncText(translate: (key: string, values?: Record<string, unknown>) => string, text: SyncText, language: Language): string {
  const { time, ...values } = text.values ?? {};
  return translate(text.key, time === undefined ? values : { ...values, time: formatDateTime(time, language) });
}
