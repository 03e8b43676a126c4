/**
 * The `Idempotency-Key` of a pay attempt (docs/decisions/006). One key is made when the
 * customer presses Pay and kept in this tab's sessionStorage until the server gives a final
 * answer, so a double click, a retry after a network error or a reload mid-payment repeats the
 * same attempt (the server replays its answer, never charges again). A final answer (paid,
 * declined, refused) ends the attempt: the next Pay is a new attempt with a new key, as the
 * server requires. A second tab has its own key; the server lets only one attempt per order
 * be live, so it gets `payment_in_progress` or `order_paid`, never a second charge.
 */

const storageKey = (orderId: string) => `alta.checkout.attempt.${orderId}`;

/** Keys of tabs whose storage is unavailable (private mode, blocked storage) live here for the page's life. */
const inMemory = new Map<string, string>();

const keyPattern = /^[\x21-\x7e]{8,255}$/;

/** A fresh Idempotency-Key: one per attempt of a money-moving request. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID exists only in secure contexts; a LAN address in development is not one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function read(orderId: string): string | null {
  try {
    const stored = sessionStorage.getItem(storageKey(orderId));
    if (stored && keyPattern.test(stored)) return stored;
  } catch {
    // Storage refused: the in-memory copy is all there is.
  }
  return inMemory.get(orderId) ?? null;
}

/** The key of the attempt in progress for this order, or a new one (kept until `endAttempt`). */
export function attemptKey(orderId: string): string {
  const existing = read(orderId);
  if (existing) return existing;
  const key = newKey();
  inMemory.set(orderId, key);
  try {
    sessionStorage.setItem(storageKey(orderId), key);
  } catch {
    // Kept in memory only: a reload would start a new attempt, which the server still never double-charges.
  }
  return key;
}

/** True while an attempt started in this tab has no final answer yet (a reload mid-payment). */
export const hasOpenAttempt = (orderId: string) => read(orderId) !== null;

/** The server answered for good: the next Pay is a new attempt. */
export function endAttempt(orderId: string) {
  inMemory.delete(orderId);
  try {
    sessionStorage.removeItem(storageKey(orderId));
  } catch {
    // Nothing stored.
  }
}
