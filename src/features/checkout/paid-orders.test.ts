import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@src/lib/api';
import type { OrderView } from '@domain/checkout';
import { getOrder } from './api/checkout-api';
import { paidOrder, paidOrderFromState, paidOrders, rememberPaidOrder, unclaimedPaidOrders, type PaidOrder } from './paid-orders';
import { memoryStorage } from '@src/lib/test-storage';

vi.mock('./api/checkout-api', () => ({ getOrder: vi.fn() }));
vi.stubGlobal('localStorage', memoryStorage());

const view = vi.mocked(getOrder);

const order = (n: number, overrides: Partial<PaidOrder> = {}): PaidOrder => ({
  orderId: `00000000-0000-4000-8000-00000000000${n}`,
  checkoutToken: `token-${n}`,
  orderNumber: `ALT-00100${n}`,
  email: 'maria@example.com',
  firstName: 'María',
  lastName: 'González',
  phone: '+5491155551234',
  phoneCountry: 'AR',
  userExists: false,
  paidAt: `2026-11-2${n}T10:00:00.000Z`,
  ...overrides,
});

describe('paid orders waiting for an account', () => {
  beforeEach(() => {
    localStorage.clear();
    view.mockReset();
  });

  it('remembers paid orders, newest first, with the owner’s phone and its country', () => {
    rememberPaidOrder(order(1));
    rememberPaidOrder(order(3));
    rememberPaidOrder(order(2));
    expect(paidOrders().map((paid) => paid.orderNumber)).toEqual(['ALT-001003', 'ALT-001002', 'ALT-001001']);
    expect(paidOrder(order(2).orderId)).toMatchObject({ phone: '+5491155551234', phoneCountry: 'AR' });
  });

  it('reads a record written before the phone was kept', () => {
    const { phone: _phone, phoneCountry: _country, ...old } = order(1);
    localStorage.setItem('alta.paidOrders', JSON.stringify([old]));
    expect(paidOrders()).toEqual([{ ...old, phone: null, phoneCountry: null }]);
  });

  it('updates a remembered order instead of repeating it', () => {
    rememberPaidOrder(order(1, { userExists: null }));
    rememberPaidOrder(order(1, { userExists: true }));
    expect(paidOrders()).toHaveLength(1);
    expect(paidOrder(order(1).orderId)?.userExists).toBe(true);
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

  it('keeps the orders still waiting for an account and forgets those claimed or unknown', async () => {
    rememberPaidOrder(order(1));
    rememberPaidOrder(order(2));
    rememberPaidOrder(order(3));
    rememberPaidOrder(order(4));
    view.mockImplementation(async (orderId) => {
      if (orderId === order(1).orderId) return { claimed: true } as OrderView;
      if (orderId === order(2).orderId) throw new ApiError(404, 'not_found');
      if (orderId === order(3).orderId) throw new NetworkError('offline');
      return { claimed: false } as OrderView;
    });
    expect((await unclaimedPaidOrders()).map((paid) => paid.orderNumber)).toEqual(['ALT-001004', 'ALT-001003']);
    expect(paidOrders().map((paid) => paid.orderNumber)).toEqual(['ALT-001004', 'ALT-001003']);
  });
});
