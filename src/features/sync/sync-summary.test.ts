import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { languages, type Language } from '@domain/constants';
import type { SyncStatus } from '@sync/client/engine';
import en from '@src/i18n/locales/en/sync.json';
import es from '@src/i18n/locales/es/sync.json';
import pt from '@src/i18n/locales/pt/sync.json';
import { summarizeSync, syncCondition, syncText, type SyncSummary } from './sync-summary';

const at = Date.parse('2026-11-22T13:05:00Z');
const base: SyncStatus = {
  online: true,
  leader: true,
  phase: 'idle',
  pendingCount: 0,
  lastSyncedAt: '2026-11-22T13:00:00.000Z',
  lastFailure: null,
  nextRetryAt: null,
  rejections: [],
};
const status = (patch: Partial<SyncStatus>): SyncStatus => ({ ...base, ...patch });

/** Every combination the indicator can meet: each phase with and without pending work, online and offline. */
const combinations: Record<string, SyncStatus> = {
  savedIdle: status({}),
  savedPulling: status({ phase: 'syncing' }),
  sending: status({ phase: 'syncing', pendingCount: 2 }),
  waiting: status({ pendingCount: 1 }),
  waitingOtherTab: status({ pendingCount: 3, leader: false }),
  offlineNothing: status({ online: false, phase: 'offline' }),
  offlinePending: status({ online: false, phase: 'offline', pendingCount: 2 }),
  offlineAfterReload: status({ online: false, phase: 'idle', pendingCount: 1 }),
  unreachableNothing: status({ phase: 'unreachable', lastFailure: { kind: 'network' }, nextRetryAt: at }),
  unreachablePending: status({ phase: 'unreachable', pendingCount: 1, lastFailure: { kind: 'network' }, nextRetryAt: at }),
  failedSending: status({ phase: 'retrying', pendingCount: 4, lastFailure: { kind: 'server', status: 503, code: null, retryAfterMs: null }, nextRetryAt: at }),
  failedPulling: status({ phase: 'retrying', lastFailure: { kind: 'server', status: 503, code: null, retryAfterMs: null }, nextRetryAt: at }),
  unauthorized: status({ phase: 'unauthorized', pendingCount: 1 }),
  outdated: status({ phase: 'outdated' }),
  neverSynced: status({ lastSyncedAt: null }),
  rejected: status({ rejections: [{ seq: 1, mutationId: 4, name: 'deleteDraft', code: 'not_found', rejectedAt: '2026-11-22T13:00:00.000Z' }] as never }),
};

const catalogs = { en, es, pt };
const translators = {} as Record<Language, (key: string, values?: Record<string, unknown>) => string>;
beforeAll(async () => {
  for (const language of languages) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      fallbackLng: false,
      defaultNS: 'sync',
      resources: { [language]: { sync: catalogs[language] } },
      interpolation: { escapeValue: false },
    });
    translators[language] = (key, values) => instance.t(key, values);
  }
});

/** The badge and the panel's lines, in words. */
function words(summary: SyncSummary, language: Language) {
  const say = (text: Parameters<typeof syncText>[1]) => syncText(translators[language], text, language);
  return { badge: say(summary.badge), panel: summary.lines.map(say) };
}

describe('sync summary', () => {
  it('reduces every status to one condition', () => {
    const kinds = Object.fromEntries(Object.entries(combinations).map(([name, value]) => [name, syncCondition(value).kind]));
    expect(kinds).toEqual({
      savedIdle: 'saved',
      savedPulling: 'saved',
      sending: 'sending',
      waiting: 'waiting',
      waitingOtherTab: 'waiting',
      offlineNothing: 'offline',
      offlinePending: 'offline',
      offlineAfterReload: 'offline',
      unreachableNothing: 'unreachable',
      unreachablePending: 'unreachable',
      failedSending: 'failed',
      failedPulling: 'failed',
      unauthorized: 'unauthorized',
      outdated: 'outdated',
      neverSynced: 'saved',
      rejected: 'saved',
    });
  });

  it('says each combination in English without contradiction', () => {
    const english = Object.fromEntries(Object.entries(combinations).map(([name, value]) => [name, words(summarizeSync(value), 'en')]));
    const time = (value: string | number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
    const last = `Last synced: ${time(base.lastSyncedAt!)}`;
    expect(english.savedIdle).toEqual({ badge: 'Saved', panel: ['You are online.', 'Everything is saved on Alta.', last] });
    expect(english.savedPulling).toEqual(english.savedIdle);
    expect(english.sending).toEqual({ badge: 'Saving…', panel: ['You are online.', 'Sending 2 changes…', last] });
    expect(english.waiting).toEqual({ badge: '1 change waiting', panel: ['You are online.', '1 change is waiting to be sent.', last] });
    expect(english.waitingOtherTab!.panel).toContain('Another tab of Alta is sending your changes.');
    expect(english.offlineNothing).toEqual({
      badge: 'Offline',
      panel: ['You are offline. Nothing is waiting to be sent: everything you changed is on Alta.', last],
    });
    expect(english.offlinePending).toEqual({
      badge: 'Offline · 2 waiting',
      panel: ['You are offline. 2 changes are kept on this device and will be sent when you are back online.', last],
    });
    expect(english.unreachablePending).toEqual({
      badge: "Can't reach Alta",
      panel: [
        "This device is online, but Alta can't be reached right now (the network or Alta itself). Alta keeps trying every few seconds.",
        '1 change is kept on this device and will be sent as soon as Alta answers.',
        `Next attempt: ${time(at)}`,
        last,
      ],
    });
    expect(english.failedSending).toEqual({
      badge: 'Not sent yet',
      panel: [
        'You are online.',
        '4 changes are waiting to be sent.',
        'The last attempt to send your changes failed. They are safe on this device.',
        `Next attempt: ${time(at)}`,
        last,
      ],
    });
    // Nothing waits: no "not sent" on the badge, and the failure is the fetching one.
    expect(english.failedPulling).toEqual({
      badge: 'Not up to date',
      panel: [
        'You are online.',
        'Everything is saved on Alta.',
        'The last attempt to get the changes made on your other devices failed.',
        `Next attempt: ${time(at)}`,
        last,
      ],
    });
    expect(english.unauthorized!.badge).toBe('Sign in again');
    expect(english.outdated!.badge).toBe('Update needed');
    expect(english.neverSynced!.panel.at(-1)).toBe('Not synced on this device yet.');
    expect(english.rejected!.badge).toBe('1 change refused');
  });

  it.each(languages)('has every text in %s, with a single final period', (language) => {
    for (const [name, value] of Object.entries(combinations)) {
      const { badge, panel } = words(summarizeSync(value), language);
      for (const text of [badge, ...panel]) {
        expect(text, `${name} in ${language}`).not.toMatch(/^(indicator|panel)\./);
        // Spanish and Portuguese write "8:05 p.m.": a line ending in a time gets no second period.
        expect(text, `${name} in ${language}`).not.toMatch(/\.\.|{{|undefined/);
      }
    }
    // Offline with and without pending work, can't reach Alta, sending, failed with its retry time, all saved: each its own words.
    const badges = ['offlineNothing', 'offlinePending', 'unreachablePending', 'sending', 'failedSending', 'failedPulling', 'savedIdle'].map(
      (name) => words(summarizeSync(combinations[name]!), language).badge,
    );
    expect(new Set(badges).size).toBe(badges.length);
  });

  it('offers "retry now" only where it can help, and the sign-in or reload an ended state needs', () => {
    const offers = (name: string) => {
      const { canRetry, action } = summarizeSync(combinations[name]!);
      return { canRetry, action };
    };
    expect(offers('offlinePending')).toEqual({ canRetry: false, action: null });
    expect(offers('unreachablePending')).toEqual({ canRetry: true, action: null });
    expect(offers('failedPulling')).toEqual({ canRetry: true, action: null });
    expect(offers('waiting')).toEqual({ canRetry: true, action: null });
    expect(offers('savedIdle')).toEqual({ canRetry: false, action: null });
    expect(offers('unauthorized')).toEqual({ canRetry: false, action: 'signIn' });
    expect(offers('outdated')).toEqual({ canRetry: false, action: 'reload' });
  });
});
