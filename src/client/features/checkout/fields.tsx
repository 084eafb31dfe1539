// Labelled form controls of the checkout, wired for screen readers (aria-invalid, aria-describedby).
import { clsx } from 'clsx';
import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { useId } from 'react';

const controlClasses = (invalid: boolean) =>
  clsx(
    'w-full rounded-md border bg-white px-3 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
    invalid ? 'border-red-500' : 'border-slate-300',
  );

type ShellProps = { label: string; error?: string; optional?: boolean; className?: string };

function Shell({
  id,
  label,
  error,
  optional,
  className,
  children,
}: ShellProps & { id: string; children: ReactNode }) {
  return (
    <div className={clsx('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500">(optional)</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function Field({
  label,
  error,
  optional,
  className,
  ref,
  ...props
}: ShellProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} optional={optional} className={className}>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={clsx('h-10', controlClasses(Boolean(error)))}
        {...props}
      />
    </Shell>
  );
}

export function SelectField({
  label,
  error,
  optional,
  className,
  ref,
  children,
  ...props
}: ShellProps & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} optional={optional} className={className}>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={clsx('h-10', controlClasses(Boolean(error)))}
        {...props}
      >
        {children}
      </select>
    </Shell>
  );
}

export function TextArea({
  label,
  error,
  optional,
  className,
  ref,
  ...props
}: ShellProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <Shell id={id} label={label} error={error} optional={optional} className={className}>
      <textarea
        id={id}
        ref={ref}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={clsx('py-2', controlClasses(Boolean(error)))}
        {...props}
      />
    </Shell>
  );
}
