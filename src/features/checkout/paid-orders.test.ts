import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@src/lib/api';
import { claimOrder } from './api/checkout-api';
import { claimPaidOrders, orderToAttach, paidOrder, paidOrderFromState, paidOrders, rememberPaidOrder, type PaidOrder } from './paid-orders';
import { memoryStorage } from '@src/lib/test-storage';

vi.mock('./api/checkout-api', () => ({ claimOrder: vi.fn() }));
vi.stubGlobal('localStorage', memoryStorage());

const claim = vi.mocked(claimOrder);

const order = (n: number, overrides: Partial<PaidOrder> = {}): PaidOrder => ({
  orderId: `00000000-0000-4000-8000-00000000000${n}`,
  checkoutToken: `token-${n}`,
  orderNumber: `ALT-00100${n}`,
  email: 'maria@example.com',
  firstName: 'María',
  lastName: 'González',
  userExists: false,
  paidAt: `2026-11-2${n}T10:00:00.000Z`,
  ...overrides,
});

describe('paid orders waiting for an account', () => {
  beforeEach(() => {
    localStorage.clear();
    claim.mockReset();
  });

  it('remembers paid orders, newest first, and sends the newest at sign-in', () => {
    rememberPaidOrder(order(1));
    rememberPaidOrder(order(3));
    rememberPaidOrder(order(2));
    expect(paidOrders().map((paid) => paid.orderNumber)).toEqual(['ALT-001003', 'ALT-001002', 'ALT-001001']);
    expect(orderToAttach()).toEqual({ orderId: order(3).orderId, checkoutToken: 'token-3' });
  });

  it('updates a remembered order instead of repeating it', () => {
    rememberPaidOrder(order(1, { userExists: null }));
    rememberPaidOrder(order(1, { userExists: true }));
    expect(paidOrders()).toHaveLength(1);
    expect(paidOrder(order(1).orderId)?.userExists).toBe(true);
  });

  it('sends nothing when no paid order waits', () => {
    expect(orderToAttach()).toBeUndefined();
  });

  it('ignores malformed or hostile storage', () => {
    localStorage.setItem('alta.paidOrders', '{"__proto__":{"polluted":true}}');
    expect(paidOrders()).toEqual([]);
    localStorage.setItem('alta.paidOrders', JSON.stringify([{ ...order(1), orderId: '../admin' }, { ...order(2), checkoutToken: 42 }, 'x', null, order(3)]));
    expect(paidOrders().map((paid) => paid.orderNumber)).toEqual(['ALT-001003']);
    localStorage.setItem('alta.paidOrders', 'not json');
    expect(paidOrders()).toEqual([]);
  });

  it('finds the order a page was sent to sign in for', () => {
    rememberPaidOrder(order(1));
    expect(paidOrderFromState({ paidOrderId: order(1).orderId })?.email).toBe('maria@example.com');
    expect(paidOrderFromState({ paidOrderId: order(2).orderId })).toBeNull();
    expect(paidOrderFromState(null)).toBeNull();
    expect(paidOrderFromState({ paidOrderId: 7 })).toBeNull();
  });

  it('claims every order after sign-in, flags the newest company and forgets them', async () => {
    rememberPaidOrder(order(1));
    rememberPaidOrder(order(2));
    claim.mockImplementation(async (orderId) => ({ orderId, status: 'paid', companyId: orderId.replace(/^0/, 'c') }));
    await claimPaidOrders();
    expect(claim.mock.calls.map(([orderId, token]) => [orderId, token])).toEqual([
      [order(1).orderId, 'token-1'],
      [order(2).orderId, 'token-2'],
    ]);
    expect(localStorage.getItem('alta.newCompany')).toBe(order(2).orderId.replace(/^0/, 'c'));
    expect(paidOrders()).toEqual([]);
  });

  it('forgets orders no retry can attach, keeps those that failed for a passing reason', async () => {
    rememberPaidOrder(order(1));
    rememberPaidOrder(order(2));
    rememberPaidOrder(order(3));
    claim.mockImplementation(async (orderId) => {
      if (orderId === order(1).orderId) throw new ApiError(409, 'order_already_claimed');
      if (orderId === order(2).orderId) throw new ApiError(404, 'not_found');
      throw new NetworkError('offline');
    });
    await claimPaidOrders();
    expect(paidOrders().map((paid) => paid.orderNumber)).toEqual(['ALT-001003']);
    expect(localStorage.getItem('alta.newCompany')).toBeNull();
  });
});
