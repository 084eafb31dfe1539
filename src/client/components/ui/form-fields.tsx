// Labelled form controls with their validation message, wired for screen readers: aria-invalid, and
// aria-describedby pointing at the message (or at the hint while there is no message). The message is
// shown in the page's language: the one place where the shared schemas' English messages (and the
// server's field errors) go through the `errors` catalogue (docs/decisions/0390-error-messages-in-french.md).
import { clsx } from 'clsx';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { translateError } from '~/shared/i18n/error-text';
import { useLocale, useT } from '~/client/lib/i18n';
import { uiMessages } from './ui.messages';

const controlClasses = (invalid: boolean) =>
  clsx(
    'w-full rounded-md border bg-white px-3 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:bg-slate-100',
    invalid ? 'border-red-500' : 'border-slate-300',
  );

/** The look of a one-line control that has no field around it (a search box, a filter's select). */
export const inputClasses = (invalid?: boolean) => clsx('h-10', controlClasses(Boolean(invalid)));

type FieldProps = { label: string; error?: string; hint?: ReactNode; optional?: boolean; className?: string };

function FieldShell({
  id,
  label,
  error,
  hint,
  optional,
  className,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  const t = useT(uiMessages);
  return (
    <div className={clsx('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {/* A real space, so the accessible name reads 'Address line 2 (optional)', not '…2(optional)'. */}
        {optional && ' '}
        {optional && <span className="font-normal text-slate-500">{t('optional')}</span>}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

/**
 * A field's validation message in the page's language (a shared schema's or the server's English message
 * through the `errors` catalogue). For a group of controls that has no single field around it (radio buttons).
 */
export function FieldError({ id, message, className }: { id: string; message: string; className?: string }) {
  const locale = useLocale();
  return (
    <p id={id} className={clsx('text-sm text-red-600', className)} data-testid="field-error">
      {translateError(locale, message)}
    </p>
  );
}

/** The accessibility attributes every control of a field carries. */
function controlProps(id: string, { error, hint }: Pick<FieldProps, 'error' | 'hint'>) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

export function TextField({
  label,
  error,
  hint,
  optional,
  className,
  ref,
  ...props
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <input
        ref={ref}
        {...controlProps(id, { error, hint })}
        className={clsx('h-10', controlClasses(Boolean(error)))}
        {...props}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  optional,
  className,
  ref,
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <select
        ref={ref}
        {...controlProps(id, { error, hint })}
        className={clsx('h-10', controlClasses(Boolean(error)))}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  optional,
  className,
  ref,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const generated = useId();
  const id = props.id ?? generated;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <textarea
        ref={ref}
        rows={3}
        {...controlProps(id, { error, hint })}
        className={clsx('py-2', controlClasses(Boolean(error)))}
        {...props}
      />
    </FieldShell>
  );
}
