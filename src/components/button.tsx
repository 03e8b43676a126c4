import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'danger';

interface Look {
  variant?: ButtonVariant;
  size?: 'medium' | 'small';
  block?: boolean;
}

/** The class list of a button look, for elements that must stay links or native buttons. */
export function buttonClass({ variant = 'primary', size = 'medium', block = false }: Look = {}, extra?: string) {
  return [styles.button, styles[variant], size === 'small' && styles.small, block && styles.block, extra].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  /**
   * Shows a spinner and marks the button busy; clicks (and a form's Enter) are ignored meanwhile.
   * A busy button stays focusable (aria-disabled, not disabled): the person who pressed it keeps
   * their place instead of focus falling to the page.
   */
  busy?: boolean;
  busyLabel?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

const ignoreClick = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();

export function Button({ variant, size, block, busy = false, busyLabel, className, children, disabled, type = 'button', onClick, ...rest }: ButtonProps) {
  const waiting = busy && !disabled;
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, size, block }, className)}
      disabled={disabled}
      aria-disabled={waiting || undefined}
      aria-busy={busy || undefined}
      onClick={waiting ? ignoreClick : onClick}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps, Look {}

export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClass({ variant, size, block }, className)} />;
}
