/**
 * The new-company flag of SPEC §3/§4: set when a paid order's company is attached to the
 * account, read by the dashboard home to show the company-created popup once, then reset.
 * It lives in localStorage so the popup still shows if the dashboard opens in another tab.
 */
const storageKey = 'alta.newCompany';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function markNewCompany(companyId: string) {
  try {
    localStorage.setItem(storageKey, companyId);
  } catch {
    // Without storage the popup is simply not shown; the company is in the list anyway.
  }
}

/** The company just created for this account, or null. */
export function readNewCompany(): string | null {
  try {
    const value = localStorage.getItem(storageKey);
    return value && uuidPattern.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function clearNewCompany() {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Nothing stored.
  }
}
