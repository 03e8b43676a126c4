import { useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import type { Language } from '@domain/constants';
import { getPublicConfig, type PublicConfig } from '@src/features/config/api/config-api';

let loading: { key: string; stripe: Promise<Stripe | null> } | null = null;

/**
 * Stripe.js, only when Alta runs with Stripe keys (`GET /config` gives the publishable key):
 * the package and Stripe's script are imported on demand, so the local sandbox's checkout and
 * every other page never download them.
 */
function loadStripeOnce(key: string, language: Language): Promise<Stripe | null> {
  if (loading?.key !== key) {
    const stripe = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(key, { locale: language }));
    // A failed download may succeed on the next visit to the page.
    stripe.catch(() => {
      if (loading?.stripe === stripe) loading = null;
    });
    loading = { key, stripe };
  }
  return loading.stripe;
}

export type StripeState = { status: 'off' } | { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

/** Stripe for this page: 'off' without a key (local sandbox), otherwise loading, ready or failed. */
export function useStripe(publishableKey: string | null | undefined, language: Language): StripeState {
  const [state, setState] = useState<StripeState>(() => (publishableKey ? { status: 'loading' } : { status: 'off' }));
  useEffect(() => {
    if (!publishableKey) {
      setState({ status: 'off' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    loadStripeOnce(publishableKey, language).then(
      (stripe) => current && setState(stripe ? { status: 'ready', stripe } : { status: 'failed' }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [publishableKey, language]);
  return state;
}

/**
 * The card field's provider for a page: reads `GET /config` once, then loads Stripe.js when a
 * publishable key is set. `ready` is false until both are known, so the form waits for them.
 */
export function useConfiguredStripe(language: Language): { stripe: Stripe | null; ready: boolean; status: StripeState['status'] } {
  const [config, setConfig] = useState<PublicConfig | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void getPublicConfig().then((loaded) => current && setConfig(loaded));
    return () => {
      current = false;
    };
  }, []);
  const state = useStripe(config?.stripePublishableKey, language);
  return { stripe: state.status === 'ready' ? state.stripe : null, ready: config !== undefined && state.status !== 'loading', status: state.status };
}
