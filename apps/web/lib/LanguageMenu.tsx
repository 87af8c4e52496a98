import { LOCALES, type Locale, pageMessagesFor } from '@plankit/checkout';
import { LANGUAGE_PATH, languageName } from '@plankit/checkout/next';

/**
 * The language menu: a plain GET form to `/language`, which remembers the choice in a
 * cookie and sends the visitor back to the page they were on. Works without JavaScript;
 * each language is named in itself ("Deutsch", "العربية").
 */
export function LanguageMenu({ locale }: { locale: Locale }) {
  const text = pageMessagesFor(locale);
  return (
    <form className="site-language" method="get" action={LANGUAGE_PATH}>
      <label htmlFor="site-language">{text.languageLabel}</label>
      <select id="site-language" name="to" defaultValue={locale}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
      <button type="submit">{text.languageSubmit}</button>
    </form>
  );
}
