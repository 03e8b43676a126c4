import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SavedCard } from '@domain/billing';
import { listCards, listInvoices, listSubscriptions } from '../api/billing-api';

/** Online-only billing data (decision 031: payments are never kept offline, so no `meta.offline`). */
const keys = { subscriptions: ['billing', 'subscriptions'], cards: ['billing', 'cards'], invoices: ['billing', 'invoices'] } as const;

export const useSubscriptions = () => useQuery({ queryKey: keys.subscriptions, queryFn: ({ signal }) => listSubscriptions(signal) });

export const useInvoices = () => useQuery({ queryKey: keys.invoices, queryFn: ({ signal }) => listInvoices(signal) });

/** The saved cards, and `show` for a change's answer (the cards as they are now) without reading them again. */
export function useCards() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: keys.cards, queryFn: ({ signal }) => listCards(signal) });
  const show = useCallback((cards: SavedCard[]) => client.setQueryData(keys.cards, cards), [client]);
  return { query, show };
}
