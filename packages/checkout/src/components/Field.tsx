import type { ReactNode } from 'react';

/** Props of {@link Field}. */
export interface FieldProps {
  /** The input's id; the label, hint and error ids derive from it. */
  id: string;
  label: string;
  /** Help text shown under the label and read with the field. */
  hint?: string | undefined;
  /** The error message; marks the field invalid and is announced. */
  error?: string | null | undefined;
  /** Renders the control, given the ARIA attributes that tie it to its label and messages. */
  children: (aria: {
    id: string;
    'aria-invalid': boolean | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/**
 * A labelled form field with a hint and an error message that assistive technology reads
 * with the control (aria-describedby) and marks as invalid (aria-invalid).
 */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'pk-field pk-field--invalid' : 'pk-field'}>
      <label className="pk-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="pk-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="pk-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
