import type { AddCardInput, CardSetupResult, PlanChange, SavedCard, Subscription } from '@domain/billing';
import { cardRefusalCodes } from '@domain/payment-declines';
import { api, apiBaseUrl } from '@src/lib/api';
import { apiGet } from '@src/lib/query/typed-api';

const subscription = (id: string) => `subscriptions/${encodeURIComponent(id)}`;
const card = (id: string) => `payment-methods/${encodeURIComponent(id)}`;

/** GET /subscriptions: the signed-in account's (or, for an admin acting as a user, that user's). */
export const listSubscriptions = async (signal?: AbortSignal) => (await apiGet('/subscriptions', {}, { signal })).subscriptions;

/** GET /subscriptions/:id/proration: what a change would charge now, computed by the server. */
export const getProration = (id: string, change: PlanChange, signal?: AbortSignal) =>
  apiGet('/subscriptions/:id/proration', { param: { id }, query: { plan: change.plan, billing: change.billing } }, { signal });

/** POST /subscriptions/:id/change, charged once per key. */
export const changePlan = (id: string, change: PlanChange, idempotencyKey: string) =>
  api.post<Subscription>(`${subscription(id)}/change`, {
    json: change,
    headers: { 'Idempotency-Key': idempotencyKey },
    expected: [...cardRefusalCodes, 'payment_in_progress', 'no_payment_method', 'plan_unchanged', 'subscription_inactive'],
  });

/** POST /subscriptions/:id/cancel (at period end) or /resume (undo). */
export const setCancellation = (id: string, cancel: boolean) => api.post<Subscription>(`${subscription(id)}/${cancel ? 'cancel' : 'resume'}`);

/** GET /payment-methods */
export const listCards = async (signal?: AbortSignal) => (await apiGet('/payment-methods', {}, { signal })).cards;

/** POST /payment-methods: a SetupIntent at the provider, once per key. */
export const addCard = (input: AddCardInput, idempotencyKey: string) =>
  api.post<CardSetupResult>('payment-methods', { json: input, headers: { 'Idempotency-Key': idempotencyKey }, expected: cardRefusalCodes });

/** POST /payment-methods/setups/:id/confirm after the 3-D Secure challenge. */
export const confirmCardSetup = (setupId: string, challengeResult?: 'completed' | 'failed') =>
  api.post<CardSetupResult>(`payment-methods/setups/${encodeURIComponent(setupId)}/confirm`, {
    json: challengeResult ? { challengeResult } : {},
    expected: cardRefusalCodes,
  });

export const setDefaultCard = async (id: string) => (await api.post<{ cards: SavedCard[] }>(`${card(id)}/default`)).cards;

export const removeCard = async (id: string) => (await api.delete<{ cards: SavedCard[] }>(card(id), { expected: ['card_required'] })).cards;

/** GET /invoices */
export const listInvoices = async (signal?: AbortSignal) => (await apiGet('/invoices', {}, { signal })).invoices;

/** The PDF's address: a plain link downloads it with the session cookie, nothing is built in the page. */
export const invoicePdfUrl = (id: string) => `${apiBaseUrl}/invoices/${encodeURIComponent(id)}/pdf`;
