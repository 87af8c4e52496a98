/**
 * Every CSS custom property `@plankit/checkout/styles.css` reads. Set any of them on
 * `:root` or on an ancestor of the checkout to re-theme it; no selector needs overriding.
 * The package's tests check this list against the stylesheet.
 */
export const THEME_VARIABLES = [
  '--pk-font',
  '--pk-font-mono',
  '--pk-color-bg',
  '--pk-color-surface',
  '--pk-color-text',
  '--pk-color-muted',
  '--pk-color-border',
  '--pk-color-primary',
  '--pk-color-primary-hover',
  '--pk-color-primary-text',
  '--pk-color-focus',
  '--pk-color-error',
  '--pk-color-error-bg',
  '--pk-color-error-text',
  '--pk-color-success',
  '--pk-color-success-bg',
  '--pk-color-badge-bg',
  '--pk-color-badge-text',
  '--pk-radius',
  '--pk-radius-small',
  '--pk-space',
  '--pk-max-width',
  '--pk-shadow',
] as const;

/** The name of one theming custom property, e.g. `--pk-color-primary`. */
export type CheckoutThemeVariable = (typeof THEME_VARIABLES)[number];

/**
 * A theme: values for any of the theming custom properties, checked by name. Write the
 * same properties in your own CSS, or pass the object as an element's `style` (React's
 * `CSSProperties` has no custom properties, hence the cast).
 *
 * @example
 * const theme: CheckoutTheme = { '--pk-color-primary': '#0f766e', '--pk-radius': '4px' };
 * <div style={theme as CSSProperties}>…</div>
 */
export type CheckoutTheme = Partial<Record<CheckoutThemeVariable, string>>;

/**
 * A color theme a host chooses for the checkout (the components' `theme` prop, or
 * `data-theme` on an ancestor). Without one, the checkout follows the visitor's system
 * setting (`prefers-color-scheme`).
 */
export type ColorTheme = 'light' | 'dark';
