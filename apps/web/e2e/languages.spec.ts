import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { definitionOf, FINISH_URL, futureExpiry, ORDER_REFERENCE } from './checkout';
import { expect, test } from './fixtures';

// Issue 13: the page speaks the visitor's language, negotiated from Accept-Language (the
// browser's locale here) or picked from the language menu, under the same URLs.

/** Where the screenshots of these tests go, to be looked at (the report names them). */
const SHOTS = join(process.cwd(), 'test-results', 'languages');

/** Collects what the page reports as an error: a hydration mismatch shows up here. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('input[type="hidden"][name="idempotencyKey"]')).not.toHaveValue('');
}

test.describe('a visitor whose browser asks for German', () => {
  test.use({ locale: 'de-DE' });

  test('gets the team plan step, its errors and the receipt in German, with German numbers', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await openHydrated(page, '/checkout/team');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('link', { name: /Zurück zu den Tarifen/ })).toBeVisible();
    await expect(page.getByText('Zwischen 2 und 50 Plätzen.')).toBeVisible();

    const summary = page.getByRole('region', { name: 'Bestellübersicht' });
    await expect(summary.getByText('3 Plätze × 15,00 €')).toBeVisible();
    await page.getByRole('button', { name: 'Einen Platz entfernen' }).click();
    await expect(summary.getByText('2 Plätze × 15,00 €')).toBeVisible();

    // Nothing filled in: German errors on the fields.
    await page.getByRole('button', { name: /bezahlen$/ }).click();
    await expect(page.getByLabel('E-Mail', { exact: true })).toHaveAccessibleDescription(
      /Dieses Feld ist erforderlich\./,
    );
    await expect(page.locator('form').getByRole('alert')).toHaveText(
      'Bitte korrigieren Sie die markierten Felder.',
    );

    // Countries named and sorted in German.
    const countries = await page.getByLabel('Land').locator('option').allTextContents();
    expect(countries.slice(1, 4)).toEqual(['Belgien', 'Deutschland', 'Frankreich']);

    await page.getByLabel('E-Mail', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Vollständiger Name').fill('Ada Lovelace');
    await page.getByLabel('Land').selectOption({ label: 'Deutschland' });
    await expect(summary.getByText('MwSt. (19 %)')).toBeVisible();
    // 2 × 15,00 € = 30,00 € plus 19 % = 35,70 €.
    const pay = page.getByRole('button', { name: '35,70 € bezahlen' });
    await expect(pay).toBeVisible();

    await page.getByLabel('Kartennummer').fill('4242 4242 4242 4241');
    await page.getByLabel('Gültig bis (MM/JJ)').fill(futureExpiry());
    await page.getByLabel('Prüfnummer (CVC)').fill('123');
    await pay.click();
    await expect(page.getByLabel('Kartennummer')).toHaveAccessibleDescription(
      /Diese Kartennummer ist ungültig\./,
    );
    await page.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
    await pay.click();

    await expect(page).toHaveURL(FINISH_URL);
    await expect(page.getByRole('heading', { level: 1, name: 'Zahlung erhalten' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const receipt = page.getByRole('region', { name: 'Beleg' });
    await expect(definitionOf(receipt, 'Bestellnummer')).toHaveText(ORDER_REFERENCE);
    await expect(definitionOf(receipt, 'Abrechnung')).toHaveText('Monatlich');
    await expect(definitionOf(receipt, 'Zwischensumme')).toHaveText('30,00 €');
    await expect(definitionOf(receipt, 'MwSt. (19 %)')).toHaveText('5,70 €');
    await expect(definitionOf(receipt, 'Bezahlt')).toHaveText('35,70 €');
    await expect(definitionOf(receipt, 'Zahlungsmethode')).toHaveText('Visa mit Endziffern 4242');
    // A German long date: "1. Januar 2027".
    await expect(definitionOf(receipt, 'Verlängert sich am')).toHaveText(
      /^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}$/,
    );
    await page.screenshot({ path: join(SHOTS, 'receipt-de.png'), fullPage: true });
    expect(errors, 'console errors (a hydration mismatch among them)').toEqual([]);
  });

  test('reads the pro plan’s own texts in German, as the catalog gives them', async ({ page }) => {
    await page.goto('/checkout/pro');
    await expect(page.getByRole('heading', { level: 1, name: 'Pro' })).toBeVisible();
    await expect(
      page.getByText('Für Profis, die mehr Raum und bessere Einblicke brauchen.'),
    ).toBeVisible();
    for (const feature of [
      'Unbegrenzte Projekte',
      'Bevorzugter E-Mail-Support',
      'Eigene Domains',
    ]) {
      await expect(page.getByRole('listitem').filter({ hasText: feature })).toBeVisible();
    }
    await expect(page.getByText('Unlimited projects')).toHaveCount(0);
    // The plan list too: names, the highlight and the starter plan's German name.
    await page.goto('/');
    await expect(page.getByText('Am beliebtesten')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Einsteiger' })).toBeVisible();
  });

  test('gets the test processor’s pages in German', async ({ page }) => {
    const response = await page.goto('/test-processor/pay/pi_unknown');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeVisible();
  });

  test('an unknown page is a German 404 with a title of its own', async ({ page }) => {
    const response = await page.goto('/checkout/platinum');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/Seite nicht gefunden/);
  });
});

test.describe('a German visitor without JavaScript on a page that does not exist', () => {
  test.use({ locale: 'de-DE', javaScriptEnabled: false });

  test('reads a German 404 page with its own title and a 404 status', async ({ page }) => {
    for (const path of ['/checkout/platinum', '/no/such/page']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
      ).toBeVisible();
      await expect(page).toHaveTitle(/^Seite nicht gefunden/);
      await expect(page.getByRole('link', { name: 'Zurück zu den Tarifen' })).toHaveAttribute(
        'href',
        '/',
      );
    }
  });
});

test.describe('a visitor whose browser asks for Arabic', () => {
  test.use({ locale: 'ar' });

  test('reads the plan step right to left, with card fields and numbers kept left to right', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1200, height: 900 });
    await openHydrated(page, '/checkout/team');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The plan's own texts are the catalog's Arabic ones (apps/web/lib/catalogTexts.ts).
    await expect(page.getByRole('heading', { level: 1, name: 'الفريق' })).toBeVisible();
    await expect(page.getByText('للفرق التي تبني معًا. السعر لكل مقعد.')).toBeVisible();
    await expect(page.getByText('من 2 إلى 50 مستخدمين.')).toBeVisible();

    // Right to left: the plan card (first in the source) sits right of the form, and the
    // "back" link starts at the right edge.
    const card = await page.getByRole('region', { name: 'الفريق' }).boundingBox();
    const form = await page.locator('form.pk-form').boundingBox();
    expect(card && form && card.x > form.x).toBe(true);
    const back = await page.getByRole('link', { name: /العودة إلى الخطط/ }).boundingBox();
    const title = await page.getByRole('heading', { level: 1, name: 'الفريق' }).boundingBox();
    expect(back && title && Math.abs(back.x + back.width - (title.x + title.width)) < 2).toBe(true);
    // Its arrow points right, the way back in Arabic.
    await expect(page.locator('.pk-back-arrow')).toHaveCSS(
      'transform',
      'matrix(-1, 0, 0, 1, 0, 0)',
    );

    // A card number reads left to right even here.
    await expect(page.getByLabel('رقم البطاقة')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByLabel('البريد الإلكتروني', { exact: true })).toHaveCSS(
      'direction',
      'ltr',
    );

    await page.getByRole('button', { name: /^ادفع/ }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('يُرجى تصحيح الحقول المميّزة.');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'plan-step-ar.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  test('reads the plan list and the 404 page right to left', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'اختر خطتك' })).toBeVisible();
    await page.screenshot({ path: join(SHOTS, 'plans-ar.png'), fullPage: true });
    await page.goto('/checkout/platinum');
    await expect(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});

test.describe('a visitor whose browser asks for a language Plankit does not ship', () => {
  test.use({ locale: 'fi-FI' });

  test('gets English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  });
});

test.describe('the language menu, without JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'en-US' });

  test('switches the page to Hebrew at the same URL and remembers it', async ({ page }) => {
    await page.goto('/checkout/starter');
    await page.getByLabel('Language').selectOption({ label: 'עברית' });
    await page.getByRole('button', { name: 'Change language' }).click();
    await expect(page).toHaveURL(/\/checkout\/starter$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('link', { name: /חזרה למסלולים/ })).toBeVisible();
    await page.goto('/fallback');
    await expect(
      page.getByRole('heading', { level: 1, name: 'התשלום אינו זמין כרגע' }),
    ).toBeVisible();
    await page.screenshot({ path: join(SHOTS, 'fallback-he.png'), fullPage: true });
  });
});

test.describe('a keyboard user on the team plan step', () => {
  test('sees a focus ring on the seat buttons and the language menu', async ({ page }) => {
    await openHydrated(page, '/checkout/team');
    await page.getByRole('spinbutton', { name: 'Seats' }).click();
    await page.keyboard.press('Tab');
    const add = page.getByRole('button', { name: 'Add a seat' });
    await expect(add).toBeFocused();
    await expect(add).not.toHaveCSS('outline-style', 'none');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    const remove = page.getByRole('button', { name: 'Remove a seat' });
    await expect(remove).toBeFocused();
    await expect(remove).not.toHaveCSS('outline-style', 'none');
    const language = page.getByLabel('Language');
    await language.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Change language' })).not.toHaveCSS(
      'outline-style',
      'none',
    );
  });
});

// axe (WCAG 2.2 AA) on every page a visitor reaches, in English, German and Arabic.
for (const locale of ['en-US', 'de-DE', 'ar']) {
  test.describe(`accessibility in ${locale}`, () => {
    test.use({ locale });

    test('axe finds no WCAG 2.2 AA violation on the plan list, plan steps, fallback and 404', async ({
      page,
    }) => {
      for (const path of [
        '/',
        '/checkout/starter',
        '/checkout/team',
        '/checkout/free',
        '/fallback',
        '/checkout/platinum',
      ]) {
        await page.goto(path);
        await expect(page).not.toHaveTitle('');
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        expect(
          results.violations.map(
            (v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
          ),
        ).toEqual([]);
      }
    });

    test('axe finds no violation on a receipt', async ({ page }) => {
      await openHydrated(page, '/checkout/free');
      await page.locator('input[name="email"]').fill('ada@example.com');
      await page.locator('input[name="name"]').fill('Ada Lovelace');
      await page.locator('select[name="country"]').selectOption('DE');
      await page.locator('form.pk-form button[type="submit"]:not([hidden])').last().click();
      await expect(page).toHaveURL(FINISH_URL);
      // Next.js streams a page's metadata: the title may land a moment after the URL.
      await expect(page).not.toHaveTitle('');
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  });
}
