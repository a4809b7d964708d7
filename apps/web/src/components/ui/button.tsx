import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Spinner } from './spinner.tsx';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'on-ink' | 'danger';
type Common = { variant?: ButtonVariant; size?: 'md' | 'lg'; children: ReactNode };

function classes(variant: ButtonVariant, size: 'md' | 'lg', extra?: string) {
  return ['button', `button--${variant}`, size === 'lg' ? 'button--lg' : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  children,
  className,
  disabled,
  ...rest
}: Common & ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      type="button"
      className={classes(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant = 'primary', size = 'md', children, className, ...rest }: Common & LinkProps) {
  return (
    <Link className={classes(variant, size, className)} {...rest}>
      {children}
    </Link>
  );
}
