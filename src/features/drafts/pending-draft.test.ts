import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft, DraftFieldChange } from '@domain/draft';
import { memoryStorage } from '@src/lib/test-storage';
import { forgetPending, keepPending, pendingDraft, settlePending } from './pending-draft';

// The tab's copy of a change still on its way to IndexedDB (decision 035): a reload in that
// moment finds it; once stored, it goes; a later change is never removed by an earlier commit.

const draft = (updatedAt: string, data: Draft['data'] = { taxYear: 2025 }, id = 'd1'): Draft => ({
  id,
  kind: 'taxForm',
  companyId: 'c1',
  step: 2,
  data,
  updatedAt,
});
const change = (saved: Draft, changes: DraftFieldChange[] = []) => ({
  draft: saved,
  patch: { id: saved.id, kind: saved.kind, companyId: saved.companyId, changes, updatedAt: saved.updatedAt },
});

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
});

describe('pending drafts', () => {
  it('keeps a change until it is stored, and finds it by kind, company and match', () => {
    keepPending('u1', change(draft('2026-11-22T10:00:00.000Z')));
    expect(pendingDraft('u1', 'taxForm', 'c1', { taxYear: 2025 })?.draft.updatedAt).toBe('2026-11-22T10:00:00.000Z');
    expect(pendingDraft('u1', 'taxForm', 'c1', { taxYear: 2024 })).toBeUndefined();
    expect(pendingDraft('u1', 'taxForm', 'c2', {})).toBeUndefined();
    expect(pendingDraft('u2', 'taxForm', 'c1', {})).toBeUndefined();
    settlePending('u1', draft('2026-11-22T10:00:00.000Z'));
    expect(pendingDraft('u1', 'taxForm', 'c1', {})).toBeUndefined();
  });

  it('an earlier commit leaves a later change in place', () => {
    keepPending('u1', change(draft('2026-11-22T10:00:00.000Z')));
    keepPending('u1', change(draft('2026-11-22T10:00:01.000Z', { taxYear: 2025, step: 'later' })));
    settlePending('u1', draft('2026-11-22T10:00:00.000Z'));
    expect(pendingDraft('u1', 'taxForm', 'c1', {})?.draft.data).toEqual({ taxYear: 2025, step: 'later' });
  });

  it('a change kept while an earlier one is not stored yet carries both changes', () => {
    keepPending('u1', change(draft('2026-11-22T10:00:00.000Z'), [{ path: ['ein'], value: '12-3456789' }]));
    keepPending('u1', change(draft('2026-11-22T10:00:01.000Z'), [{ path: ['companyName'], value: 'Acme' }]));
    expect(pendingDraft('u1', 'taxForm', 'c1', {})?.patch.changes).toEqual([
      { path: ['ein'], value: '12-3456789' },
      { path: ['companyName'], value: 'Acme' },
    ]);
  });

  it('forgets a discarded draft, whatever its copy', () => {
    keepPending('u1', change(draft('2026-11-22T10:00:00.000Z')));
    forgetPending('u1', 'd1');
    expect(pendingDraft('u1', 'taxForm', 'c1', {})).toBeUndefined();
  });

  it('answers the newest of several drafts and ignores unreadable copies', () => {
    keepPending('u1', change(draft('2026-11-22T10:00:00.000Z', { taxYear: 2025 }, 'a')));
    keepPending('u1', change(draft('2026-11-22T11:00:00.000Z', { taxYear: 2025 }, 'b')));
    sessionStorage.setItem('alta.draftPending.u1.c', '{not json');
    expect(pendingDraft('u1', 'taxForm', 'c1', {})?.draft.id).toBe('b');
  });
});
