import { markNewCompany } from '@src/features/order-popups/new-company-flag';
import { ApiError } from '@src/lib/api';
import { claimOrder } from './api/checkout-api';

/**
 * Paid orders not yet attached to an account (SPEC §4: the result leads to login or account
 * creation "without losing the order"). The checkout remembers each one in localStorage the
 * moment it is paid; login and registration send the newest as `order` so the server attaches
 * its company, and after any sign-in `claimPaidOrders` attaches the rest and raises the
 * new-company flag. A customer who closes the tab and signs in days later still gets the company.
 */

export interface PaidOrder {
  orderId: string;
  checkoutToken: string;
  orderNumber: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** The pay answer: an account with the order's email exists (login) or not (create account); null when unknown. */
  userExists: boolean | null;
  paidAt: string;
}

const storageKey = 'alta.paidOrders';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown) => value === null || isString(value);

/** Storage is written by this page but readable by anything on the origin: only well-formed records count. */
function isPaidOrder(value: unknown): value is PaidOrder {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    isString(record.orderId) &&
    uuidPattern.test(record.orderId) &&
    isString(record.checkoutToken) &&
    record.checkoutToken.length > 0 &&
    record.checkoutToken.length <= 200 &&
    isString(record.orderNumber) &&
    isString(record.email) &&
    isNullableString(record.firstName) &&
    isNullableString(record.lastName) &&
    (record.userExists === null || typeof record.userExists === 'boolean') &&
    isString(record.paidAt)
  );
}

/** Every remembered paid order, newest first. */
export function paidOrders(): PaidOrder[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPaidOrder).sort((a, b) => b.paidAt.localeCompare(a.paidAt)) : [];
  } catch {
    return [];
  }
}

function write(orders: PaidOrder[]) {
  try {
    if (orders.length === 0) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, JSON.stringify(orders));
  } catch {
    // Storage full or refused: the order is still attached if the customer signs in now.
  }
}

export const paidOrder = (orderId: string) => paidOrders().find((order) => order.orderId === orderId) ?? null;

/** What the checkout hands the login and create-account pages (router state) after a payment. */
export interface PaidOrderState {
  paidOrderId: string;
}

/** The paid order a page was sent to sign in for, if its router state names one this browser remembers. */
export function paidOrderFromState(state: unknown): PaidOrder | null {
  const id = (state as Partial<PaidOrderState> | null)?.paidOrderId;
  return typeof id === 'string' ? paidOrder(id) : null;
}

/** Remembers (or updates) a paid order until an account claims it. */
export function rememberPaidOrder(order: PaidOrder) {
  write([order, ...paidOrders().filter((other) => other.orderId !== order.orderId)]);
}

export function forgetPaidOrder(orderId: string) {
  write(paidOrders().filter((order) => order.orderId !== orderId));
}

/** What login and registration send as `order`: the newest paid order waiting for an account. */
export function orderToAttach(): { orderId: string; checkoutToken: string } | undefined {
  const [newest] = paidOrders();
  return newest ? { orderId: newest.orderId, checkoutToken: newest.checkoutToken } : undefined;
}

/**
 * After a sign-in: attaches every remembered paid order to the account (repeating the claim
 * that login or registration already made is harmless, and it answers the company's id), raises
 * the new-company flag for the newest company, and forgets the orders that are settled: claimed
 * here, or claimed by another account (409) or unknown (404), which no retry would change.
 * Orders whose claim failed for a passing reason (offline) stay for the next sign-in.
 */
export async function claimPaidOrders(): Promise<void> {
  const pending = paidOrders();
  // Oldest first, so the newest company ends up in the flag.
  for (const order of [...pending].reverse()) {
    try {
      const claimed = await claimOrder(order.orderId, order.checkoutToken);
      if (claimed.companyId) markNewCompany(claimed.companyId);
      forgetPaidOrder(order.orderId);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.code === 'order_already_claimed')) forgetPaidOrder(order.orderId);
    }
  }
}
