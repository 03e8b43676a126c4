import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { closingAnimationMs, toastDurationMs } from '@domain/constants';
import styles from './toast.module.css';

export type ToastTone = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  closing: boolean;
}

interface ToastApi {
  /** Shows a translated message for 3000 ms, then closes it with a 300 ms animation (SPEC §4). */
  show(message: string, tone?: ToastTone): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const toasts = use(ToastContext);
  if (!toasts) throw new Error('useToast needs a <ToastProvider>');
  return toasts;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const close = useCallback(
    (id: number) => {
      setToasts((all) => all.map((toast) => (toast.id === id ? { ...toast, closing: true } : toast)));
      later(closingAnimationMs, () => setToasts((all) => all.filter((toast) => toast.id !== id)));
    },
    [later],
  );

  const show = useCallback(
    (message: string, tone: ToastTone = 'info') => {
      const id = nextId.current++;
      setToasts((all) => [...all, { id, tone, message, closing: false }]);
      later(toastDurationMs, () => close(id));
    },
    [close, later],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext value={api}>
      {children}
      <ToastRegion toasts={toasts} onClose={close} />
    </ToastContext>
  );
}

function ToastRegion({ toasts, onClose }: { toasts: Toast[]; onClose: (id: number) => void }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.region}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          // Errors interrupt; confirmations wait for a pause in speech.
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className={[styles.toast, styles[toast.tone], toast.closing && styles.closing].filter(Boolean).join(' ')}
        >
          <span className={styles.icon} aria-hidden="true" />
          <p className={styles.message}>{toast.message}</p>
          <button type="button" className={styles.dismiss} onClick={() => onClose(toast.id)} aria-label={t('close')}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
