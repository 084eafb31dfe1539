import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * A white panel with an optional heading, description and actions beside the heading. The heading is
 * an h2 unless the card sits under a page section's h2 (`headingLevel={3}`), so headings stay in order.
 */
export function Card({
  title,
  description,
  actions,
  headingLevel = 2,
  children,
  className,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  children: ReactNode;
  className?: string;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className={clsx('rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)}>
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            {title && <Heading className="text-lg font-semibold">{title}</Heading>}
            {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
          </div>
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
