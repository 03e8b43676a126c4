import { beforeEach, describe, expect, it, vi } from 'vitest';
import { attemptKey, endAttempt, hasOpenAttempt } from './payment-attempt';
import { memoryStorage } from '@src/lib/test-storage';

vi.stubGlobal('sessionStorage', memoryStorage());

const orderId = '9b0c5a8e-4f39-4a57-9a57-0f6b1e1f3c11';

describe('pay attempt keys', () => {
  beforeEach(() => {
    sessionStorage.clear();
    endAttempt(orderId);
  });

  it('keeps one key for every retry of an attempt', () => {
    const first = attemptKey(orderId);
    expect(first).toMatch(/^[\x21-\x7e]{8,255}$/);
    expect(attemptKey(orderId)).toBe(first);
    expect(hasOpenAttempt(orderId)).toBe(true);
  });

  it('survives a reload of the tab (sessionStorage)', () => {
    const first = attemptKey(orderId);
    expect(sessionStorage.getItem(`alta.checkout.attempt.${orderId}`)).toBe(first);
  });

  it('starts a new attempt with a new key after a final answer', () => {
    const first = attemptKey(orderId);
    endAttempt(orderId);
    expect(hasOpenAttempt(orderId)).toBe(false);
    expect(attemptKey(orderId)).not.toBe(first);
  });

  it('keeps attempts of different orders apart', () => {
    expect(attemptKey(orderId)).not.toBe(attemptKey('5f0e6a1c-2b7d-4c1e-8f1a-3c2d4e5f6a7b'));
  });

  it('still works when the tab refuses storage, for the life of the page', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    try {
      const first = attemptKey(orderId);
      expect(attemptKey(orderId)).toBe(first);
      endAttempt(orderId);
      expect(attemptKey(orderId)).not.toBe(first);
    } finally {
      vi.stubGlobal('sessionStorage', memoryStorage());
    }
  });

  it('ignores a tampered stored value', () => {
    sessionStorage.setItem(`alta.checkout.attempt.${orderId}`, 'bad key with spaces');
    expect(attemptKey(orderId)).not.toBe('bad key with spaces');
  });
});
