import type { ColorTheme } from '../theme/theme.js';

/** The cookie that remembers the color theme a visitor picked from a theme menu. */
export const THEME_COOKIE = 'plankit_theme';

/** The request header through which the proxy tells pages the visitor's chosen theme. */
export const THEME_HEADER = 'x-plankit-theme';

/** A chosen theme, or null for "as the system says" (no choice, or anything else). */
export function themeOf(value: string | null | undefined): ColorTheme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/**
 * A page served as it was rendered (the same for every visitor), with the visitor's chosen
 * theme on its `<html>`: CSS then themes it before anything paints, with or without
 * JavaScript, and a theme menu (`<select id="site-theme">`) shows the choice.
 */
export function withTheme(html: string, theme: ColorTheme | null): string {
  if (!theme) return html;
  return html
    .replace(/<html\b/, `<html data-theme="${theme}"`)
    .replace(
      new RegExp(`(<select id="site-theme"[^>]*>[\\s\\S]*?<option value="${theme}")`),
      '$1 selected=""',
    );
}
