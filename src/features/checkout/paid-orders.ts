import { ApiError } from '@src/lib/api';
import { getOrder } from './api/checkout-api';

/**
 * Paid orders this browser placed that are not in an account yet (SPEC §4: the result leads
 * to login or account creation "without losing the order"). The checkout remembers each one
 * the moment it is paid: the account pages prefill the owner from it and the dashboard keeps
 * its number and next step on screen. The order reaches an account only through proof of its
 * email (decision 017: the receipt's claim link or the account's verified email), never from
 * this record, so a shared computer cannot hand a company to the next person signing in.
 */

export interface PaidOrder {
  orderId: string;
  checkoutToken: string;
  orderNumber: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** The owner's phone (E.164) and its country, as the wizard collected them. */
  phone: string | null;
  phoneCountry: string | null;
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
    isNullableString(record.phone ?? null) &&
    isNullableString(record.phoneCountry ?? null) &&
    (record.userExists === null || typeof record.userExists === 'boolean') &&
    isString(record.paidAt)
  );
}

/** Every remembered paid order, newest first. */
export function paidOrders(): PaidOrder[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    // Records written before the phone was kept lack it.
    return parsed
      .filter(isPaidOrder)
      .map((order) => ({ ...order, phone: order.phone ?? null, phoneCountry: order.phoneCountry ?? null }))
      .sort((a, b) => b.paidAt.localeCompare(a.paidAt));
  } catch {
    return [];
  }
}

function write(orders: PaidOrder[]) {
  try {
    if (orders.length === 0) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, JSON.stringify(orders));
  } catch {
    // Storage full or refused: the receipt mail still carries the order and its claim link.
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

/** Remembers (or updates) a paid order until it is in an account. */
export function rememberPaidOrder(order: PaidOrder) {
  write([order, ...paidOrders().filter((other) => other.orderId !== order.orderId)]);
}

export function forgetPaidOrder(orderId: string) {
  write(paidOrders().filter((order) => order.orderId !== orderId));
}

/**
 * The remembered orders still waiting for an account. An order the server says is claimed
 * (the claim link was used, or the email was proven) is forgotten; one the server does not
 * know any more is forgotten too. Orders that could not be checked (offline) stay.
 */
export async function unclaimedPaidOrders(): Promise<PaidOrder[]> {
  const waiting: PaidOrder[] = [];
  for (const order of paidOrders()) {
    try {
      const view = await getOrder(order.orderId, order.checkoutToken);
      if (view.claimed) forgetPaidOrder(order.orderId);
      else waiting.push(order);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) forgetPaidOrder(order.orderId);
      else waiting.push(order);
    }
  }
  return waiting;
}
