import type { BankAccountInput, BankAccountView, BankingOverview, WalletTransaction, Withdrawal } from '@domain/banking';
import { api } from '@src/lib/api';

/** Banking is online-only (ARCHITECTURE.md): every read and write goes to the API. */
const base = (companyId: string) => `banking/companies/${companyId}`;

export const getOverview = (companyId: string, signal?: AbortSignal) => api.get<BankingOverview>(base(companyId), { signal });

export const setUpTwoFactor = (companyId: string) => api.post<{ otpauthUri: string }>('banking/two-factor/setup', { json: { companyId } });

export const verifyTwoFactor = (code: string) => api.post<void>('banking/two-factor/verify', { json: { code } });

export const requestTwoFactorReset = (companyId: string) => api.post<void>('banking/two-factor/reset', { json: { companyId } });

export const confirmTwoFactorReset = (code: string) => api.post<void>('banking/two-factor/reset/confirm', { json: { code } });

export const startVerification = (companyId: string) => api.post<BankingOverview>(`${base(companyId)}/verification`);

export const listWalletTransactions = async (companyId: string, signal?: AbortSignal) =>
  (await api.get<{ items: WalletTransaction[] }>(`${base(companyId)}/transactions`, { signal })).items;

/** The key is made once per withdrawal the user means, so a double click or a retry sends it once. */
export const withdraw = (companyId: string, withdrawal: Withdrawal, idempotencyKey: string) =>
  api.post<WalletTransaction>(`${base(companyId)}/withdrawals`, { json: withdrawal, headers: { 'Idempotency-Key': idempotencyKey } });

export const addBankAccount = (companyId: string, account: BankAccountInput) => api.post<BankAccountView>(`${base(companyId)}/bank-accounts`, { json: account });

export const deleteBankAccount = (companyId: string, bankAccountId: string) => api.delete<void>(`${base(companyId)}/bank-accounts/${bankAccountId}`);
