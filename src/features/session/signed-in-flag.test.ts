import { afterEach, describe, expect, it, vi } from 'vitest';
import { actingAsOf, clearSignedIn, markSignedIn, readSignedIn } from './signed-in-flag';

/** The hints public pages read (decision 033): the signed-in role, and whom an admin acts as. */

function stubStorage() {
  const values = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
    removeItem: (key: string) => values.delete(key),
  });
  return values;
}
afterEach(() => vi.unstubAllGlobals());

const customer = { role: 'user' as const, firstName: 'Íñigo', lastName: 'Muñoz', email: 'inigo@example.com' };
const admin = { id: '00000000-0000-4000-8000-000000000001', email: 'admin@alta.local' };

describe('signed-in hints', () => {
  it('keeps whom the admin acts as while acting, and drops it on return or sign-out', () => {
    const values = stubStorage();
    markSignedIn({ ...customer, impersonatedBy: admin });
    expect(readSignedIn()).toBe('user');
    expect(JSON.parse(values.get('alta.actingAs')!)).toEqual({ name: 'Íñigo Muñoz', email: 'inigo@example.com' });

    markSignedIn({ role: 'admin', firstName: 'Alta', lastName: 'Staff', email: admin.email, impersonatedBy: null });
    expect(values.has('alta.actingAs')).toBe(false);
    expect(readSignedIn()).toBe('admin');

    markSignedIn({ ...customer, impersonatedBy: admin });
    clearSignedIn();
    expect([...values.keys()]).toEqual([]);
  });

  it('names nobody for a customer signed in on their own', () => {
    expect(actingAsOf({ ...customer, impersonatedBy: null })).toBeNull();
    expect(actingAsOf({ ...customer, impersonatedBy: admin })).toEqual({ name: 'Íñigo Muñoz', email: 'inigo@example.com' });
  });
});
