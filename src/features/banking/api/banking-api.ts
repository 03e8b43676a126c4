import type { BankAccountView, BankingOverview, LiquidationAddressView, WalletTransaction } from '@domain/banking';
import type { BankAccountInput, LiquidationAddressInput, Withdrawal } from '@domain/banking-forms';
import type { PresignedUpload, StoredFile } from '@domain/files';
import type { KybSubmission } from '@domain/kyb-record';
import { api } from '@src/lib/api';
import { apiGet } from '@src/lib/query/typed-api';
import { uploadNow } from '@src/lib/upload-now';

/** Banking is online-only (docs/architecture.md "Reads"): every read and write goes to the API. */
const base = (companyId: string) => `banking/companies/${companyId}`;

export const getOverview = (companyId: string, signal?: AbortSignal) => apiGet('/banking/companies/:companyId', { param: { companyId } }, { signal });

export const setUpTwoFactor = (companyId: string) => api.post<{ otpauthUri: string }>('banking/two-factor/setup', { json: { companyId } });

export const verifyTwoFactor = (code: string) =>
  api.post<void>('banking/two-factor/verify', { json: { code }, expected: ['two_factor_invalid_code', 'two_factor_locked', 'rate_limited'] });

export const requestTwoFactorReset = (companyId: string) =>
  api.post<void>('banking/two-factor/reset', { json: { companyId }, expected: ['two_factor_reset_cooldown'] });

export const confirmTwoFactorReset = (code: string) =>
  api.post<void>('banking/two-factor/reset/confirm', {
    json: { code },
    expected: ['two_factor_no_reset_code', 'two_factor_invalid_reset_code', 'rate_limited'],
  });

export const startVerification = (companyId: string) => api.post<BankingOverview>(`${base(companyId)}/verification`);

export const listWalletTransactions = async (companyId: string, signal?: AbortSignal) =>
  (await apiGet('/banking/companies/:companyId/transactions', { param: { companyId } }, { signal })).items;

/** The key is made once per withdrawal the user means, so a double click or a retry sends it once. */
export const withdraw = (companyId: string, withdrawal: Withdrawal, idempotencyKey: string) =>
  api.post<WalletTransaction>(`${base(companyId)}/withdrawals`, { json: withdrawal, headers: { 'Idempotency-Key': idempotencyKey } });

export const addBankAccount = (companyId: string, account: BankAccountInput) =>
  api.post<BankAccountView>(`${base(companyId)}/bank-accounts`, { json: account });

export const deleteBankAccount = (companyId: string, bankAccountId: string) => api.delete<void>(`${base(companyId)}/bank-accounts/${bankAccountId}`);

/** Sends the company's KYB (the draft it came from is frozen by the server). */
export const submitKyb = (companyId: string, submission: KybSubmission) => api.post<BankingOverview>(`${base(companyId)}/kyb`, { json: submission });

/**
 * Uploads one KYB document: declared, sent to its presigned URL, then checked by the server
 * (size, type, content). Online only: the form keeps the stored file, never the bytes.
 */
export const uploadKybDocument = (companyId: string, file: File) =>
  uploadNow({
    id: crypto.randomUUID(),
    file,
    declare: () => api.post<PresignedUpload>('uploads', { json: { uploadType: 'kybDocument', companyId, fileName: file.name, size: file.size } }),
    complete: (key) => api.post<StoredFile>('uploads/complete', { json: { key } }),
  });

/** One key per address the user means: a double click or a retry makes one address. */
export const createLiquidationAddress = (companyId: string, input: LiquidationAddressInput, idempotencyKey: string) =>
  api.post<LiquidationAddressView>(`${base(companyId)}/liquidation-addresses`, { json: input, headers: { 'Idempotency-Key': idempotencyKey } });
