import { z } from 'zod';
import { cardRefusalCodes } from './payment-declines';

/**
 * Stable error codes of Alta's API (RFC 9457 problem+json `code`). The client maps each
 * code to the SPEC §8 message in the user's language (`errors.<code>` in the locales).
 */
export const problemCodes = [
  'validation',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'invalid_credentials',
  'invalid_security_code',
  'login_code_required',
  'user_blocked',
  'password_change_required',
  'email_taken',
  'admin_email_reserved',
  'google_auth_failed',
  'google_account_not_found',
  'invalid_verification_link',
  'origin_rejected',
  'payload_too_large',
  // Orders and checkout (docs/decisions/006-orders-and-payments.md).
  'price_mismatch',
  'invalid_coupon',
  'order_paid',
  'order_expired',
  'invalid_claim_link',
  'payment_in_progress',
  'idempotency_key_reused',
  'payment_method_unsupported',
  'banking_unavailable_country',
  ...cardRefusalCodes,
  'sync_client_outdated',
  'sync_mutation_gap',
  'sync_unavailable',
  'sync_deferred',
  // Uploads (docs/decisions/005-bookkeeping-and-import.md).
  'file_too_large',
  'file_type_not_allowed',
  'upload_url_expired',
  // Linked bank accounts (docs/decisions/023-linked-bank-accounts.md).
  'bank_link_token_failed',
  'bank_link_failed',
  'bank_invalid_credentials',
  'bank_item_locked',
  'bank_institution_unavailable',
  'bank_login_required',
  'bank_sync_failed',
  'bank_sync_in_progress',
  'bank_unlink_failed',
  // Banking and crypto (docs/decisions/027-banking-and-crypto.md).
  'two_factor_required',
  'two_factor_already_enabled',
  'two_factor_invalid_code',
  'two_factor_locked',
  'two_factor_owner_only',
  'two_factor_reset_cooldown',
  'two_factor_no_reset_code',
  'two_factor_invalid_reset_code',
  'two_factor_step_up_required',
  'qr_generation_failed',
  'impersonation_forbidden',
  'banking_not_enabled',
  'banking_not_approved',
  'kyc_email_in_use',
  'kyc_failed',
  'withdrawal_failed',
  'insufficient_balance',
  'bank_account_failed',
  'bank_account_delete_failed',
  'liquidation_failed',
  'webhook_signature_invalid',
  'kyb_submitted',
  'kyb_required',
  'kyb_kind_mismatch',
  // Tax forms (docs/decisions/026-tax-forms.md).
  'declaration_sent',
  'declaration_blocked',
  'no_return_due',
  // Company details, renewals and dissolution (docs/decisions/025-company-renewals-and-documents.md).
  'owner_only',
  'renewal_not_due',
  'dissolution_unavailable',
  'document_locked',
  // Teammates (docs/decisions/030-teammate-invitations.md).
  'teammate_exists',
  'teammate_is_owner',
  'invalid_invitation_link',
  'invitation_other_account',
  'boi_not_required',
  'boi_already_filed',
  'forwarding_already_requested',
  // Subscriptions, saved cards and invoices (docs/decisions/031-subscriptions-cards-invoices.md).
  'no_payment_method',
  'plan_unchanged',
  'subscription_inactive',
  'card_required',
  'internal',
] as const;
export type ProblemCode = (typeof problemCodes)[number];

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string().optional(),
  /** Field path → i18n message keys. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  retryAfter: z.number().optional(),
  /** two_factor_invalid_code: codes left before the lockout (SPEC §8). */
  attemptsRemaining: z.number().optional(),
  /** Payment failures: the provider's decline code and a support code to quote to support (SPEC §8). */
  declineCode: z.string().optional(),
  supportCode: z.string().optional(),
  /** price_mismatch: the server's total in cents. */
  amount: z.number().optional(),
  /** declaration_blocked: the tax year and how many of its transactions are uncategorised and unchecked. */
  taxYear: z.number().optional(),
  uncategorised: z.number().optional(),
  unchecked: z.number().optional(),
});
export type Problem = z.infer<typeof problemSchema>;
