import {
  bankLinkSchema,
  bankLinksSchema,
  linkTokenResponseSchema,
  sandboxInstitutionSchema,
  sandboxLinkResponseSchema,
  syncResultSchema,
  type BankLink,
  type LinkTokenResponse,
  type SandboxInstitution,
  type SandboxLinkResponse,
  type SyncResult,
} from '@domain/bank-linking';
import type { Language } from '@domain/constants';
import { z } from 'zod';
import { api } from '@src/lib/api';

const sandboxInstitutionsSchema = z.object({ items: z.array(sandboxInstitutionSchema) });

const base = (companyId: string) => `companies/${encodeURIComponent(companyId)}/bank-links`;

/** GET …/bank-links: the company's linked banks. */
export async function listBankLinks(companyId: string, signal?: AbortSignal): Promise<BankLink[]> {
  return bankLinksSchema.parse(await api.get(base(companyId), { signal })).items;
}

/** POST …/bank-links/link-token: a Link token (with `linkId`, to sign in again to that bank). */
export async function createLinkToken(companyId: string, language: Language, linkId?: string): Promise<LinkTokenResponse> {
  return linkTokenResponseSchema.parse(await api.post(`${base(companyId)}/link-token`, { json: { language, ...(linkId ? { linkId } : {}) } }));
}

/** POST …/bank-links: exchanges Link's public token; the server links the bank and brings its first transactions. */
export async function exchangePublicToken(companyId: string, publicToken: string, institutionName: string | null): Promise<BankLink> {
  return bankLinkSchema.parse(await api.post(base(companyId), { json: { publicToken, institutionName } }));
}

/** POST …/bank-links/{id}/sync: one bounded sync into the books. */
export async function syncBankLink(companyId: string, linkId: string): Promise<SyncResult> {
  return syncResultSchema.parse(await api.post(`${base(companyId)}/${encodeURIComponent(linkId)}/sync`));
}

/** DELETE …/bank-links/{id}: unlinks; imported transactions stay. */
export async function unlinkBank(companyId: string, linkId: string): Promise<void> {
  await api.delete(`${base(companyId)}/${encodeURIComponent(linkId)}`);
}

/** The local sandbox's test banks. */
export async function sandboxInstitutions(signal?: AbortSignal): Promise<SandboxInstitution[]> {
  return sandboxInstitutionsSchema.parse(await api.get('bank-linking/sandbox/institutions', { signal })).items;
}

/** The local sandbox's sign-in to a test bank: a public token, as Plaid Link's onSuccess gives. */
export async function sandboxSignIn(body: { linkToken: string; institutionId: string; username: string; password: string }): Promise<SandboxLinkResponse> {
  return sandboxLinkResponseSchema.parse(
    await api.post('bank-linking/sandbox/link', { json: body, expected: ['bank_invalid_credentials', 'bank_item_locked'] }),
  );
}
