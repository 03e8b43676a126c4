import { useEffect, useRef, useState } from 'react';
import type { Language } from '@domain/constants';
import { getPublicConfig } from '@src/features/config/api/config-api';
import styles from './auth-layout.module.css';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void; ux_mode?: 'popup' }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const scriptUrl = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleIdentity> | null = null;

// Google's script is loaded only when the server has a client id (the CSP then allows it).
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('Google Identity did not start')));
    script.onerror = () => {
      loading = null;
      reject(new Error('Google Identity could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * "Sign in with Google", shown only when `/config` gives a Google client id. It hands Google's
 * ID token to `onCredential`; the server verifies it.
 */
export function GoogleSignIn({ language, onCredential, divider }: { language: Language; onCredential: (token: string) => void; divider: string }) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const [clientId, setClientId] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void getPublicConfig().then((config) => {
      if (!cancelled) setClientId(config?.googleClientId ?? null);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity().then(
      (google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({ client_id: clientId, ux_mode: 'popup', callback: ({ credential }) => callback.current(credential) });
        google.accounts.id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: 'continue_with',
          locale: language,
          width: 300,
        });
      },
      () => {
        // Blocked by the network or an extension: email and password still work.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, language]);

  if (!clientId) return null;
  return (
    <>
      <p className={styles.divider}>{divider}</p>
      <div ref={container} className={styles.google} />
    </>
  );
}
