'use client';

/** Props of {@link PrintButton}. */
export interface PrintButtonProps {
  /** The button's text ("Print or save as PDF"). */
  label: string;
}

/**
 * Opens the browser's print dialog, where "Save as PDF" is one of the printers. Without
 * JavaScript the button does nothing and the browser's own Print menu does the same.
 */
export function PrintButton({ label }: PrintButtonProps) {
  return (
    <button type="button" className="pk-button pk-button--primary" onClick={() => window.print()}>
      {label}
    </button>
  );
}
