import { type Locale, pageMessagesFor } from '@plankit/checkout';
import { THEME_PATH } from '@plankit/checkout/next';

/**
 * The theme menu: a plain GET form to `/theme`, which remembers the choice in a cookie and
 * sends the visitor back. Works without JavaScript. The pages are the same for every
 * visitor, so the proxy marks the chosen option when it serves them (the adapter's theme.ts).
 */
export function ThemeMenu({ locale }: { locale: Locale }) {
  const text = pageMessagesFor(locale);
  return (
    <form className="site-language" method="get" action={THEME_PATH}>
      <label htmlFor="site-theme">{text.themeLabel}</label>
      <select id="site-theme" name="to" defaultValue="system">
        <option value="system">{text.themeSystem}</option>
        <option value="light">{text.themeLight}</option>
        <option value="dark">{text.themeDark}</option>
      </select>
      <button type="submit">{text.themeSubmit}</button>
    </form>
  );
}
