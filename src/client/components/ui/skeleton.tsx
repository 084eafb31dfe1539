import { clsx } from 'clsx';
import type { HTMLAttributes } from 'react';

/** A grey pulsing block standing in for content that is loading; hidden from assistive technology. */
export function Skeleton({
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string }) {
  return (
    <div aria-hidden="true" className={clsx('animate-pulse rounded-md bg-slate-200', className)} {...props} />
  );
}
