import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';

const installed = fileURLToPath(new URL('../node_modules/@plankit/checkout', import.meta.url));

/** Fails the test on any uncaught page error or console error, except those expected. */
function watchErrors(page: Page, expected: RegExp[] = []) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return () =>
    expect(errors.filter((text) => !expected.some((pattern) => pattern.test(text)))).toEqual([]);
}

async function fillContact(page: Page) {
  await page.getByLabel('E-Mail').fill('erika@beispiel.de');
  await page.getByLabel('Vollständiger Name').fill('Erika Mustermann');
  await page.getByLabel('Land').selectOption({ label: 'Deutschland' });
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Kartennummer').fill(number);
  await page.getByLabel('Gültig bis (MM/JJ)').fill('12/39');
  await page.getByLabel('Prüfziffer').fill('123');
}

test('the package comes from its packed tarball, not the workspace', () => {
  expect(lstatSync(installed).isSymbolicLink()).toBe(true);
  const real = realpathSync(installed);
  expect(real).toMatch(/\/examples\/vite\/\.consumer\/node_modules\/@plankit\/checkout$/);
  const manifest = JSON.parse(readFileSync(`${real}/package.json`, 'utf8'));
  expect(manifest.name).toBe('@plankit/checkout');
  expect(JSON.stringify(manifest.dependencies)).not.toMatch(/catalog:|workspace:/);
});

test.describe('Notizwerk, a Vite app with its own catalog, theme and German text', () => {
  test('plan list → Basis, paid with the test card: German receipt in euros', async ({ page }) => {
    const noErrors = watchErrors(page);
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Wählen Sie Ihren Tarif' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Basis wählen' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Basis' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Ihre Angaben' })).toBeVisible();
    const pay = page.getByRole('button', { name: '9,00 € bezahlen' });
    // The example's theme: its teal primary colour and square corners, by custom properties only.
    await expect(pay).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await expect(pay).toHaveCSS('border-top-left-radius', '2px');

    await fillContact(page);
    await fillCard(page, '4242 4242 4242 4242');
    await pay.click();

    await expect(page).toHaveURL(/#\/finish$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Zahlung erhalten' })).toBeVisible();
    await expect(page.getByText('Vielen Dank! Ihr Tarif Basis ist aktiv.')).toBeVisible();
    const receipt = page.getByRole('region', { name: 'Beleg' });
    await expect(receipt).toContainText('Bestellnummer');
    await expect(receipt).toContainText('erika@beispiel.de');
    await expect(receipt).toContainText('9,00 €');
    noErrors();
  });

  test('team plan, 4 seats, HALLO10: the summary and the receipt agree', async ({ page }) => {
    const noErrors = watchErrors(page);
    await page.goto('/#/plan/team');
    await page.getByRole('button', { name: 'Einen Platz hinzufügen' }).click();
    await expect(page.getByLabel('Plätze')).toHaveValue('4');
    await fillContact(page);
    await page.getByLabel('Gutscheincode (optional)').fill('HALLO10');
    await page.getByRole('button', { name: 'Einlösen' }).click();
    // 4 × 12,00 € = 48,00 €, minus 10 % = 43,20 €, plus 19 % MwSt. = 51,41 €.
    const summary = page.getByRole('region', { name: 'Bestellübersicht' });
    await expect(summary).toContainText('Rabatt (HALLO10, 10 %)');
    await expect(summary).toContainText('51,41 €');
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: '51,41 € bezahlen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Zahlung erhalten' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Beleg' })).toContainText('51,41 €');
    noErrors();
  });

  test('bad input and a declined card: German messages on the fields, inputs kept', async ({
    page,
  }) => {
    const noErrors = watchErrors(page);
    await page.goto('/#/plan/basis');
    await page.getByRole('button', { name: '9,00 € bezahlen' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Bitte korrigieren Sie die markierten Felder.',
    );
    await expect(page.getByLabel('E-Mail')).toHaveAccessibleDescription(
      /Bitte füllen Sie dieses Feld aus\./,
    );
    await expect(page.getByLabel('E-Mail')).toBeFocused();

    await fillContact(page);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: '9,00 € bezahlen' }).click();
    await expect(page.getByRole('alert')).toContainText('Ihre Karte wurde abgelehnt.');
    await expect(page.getByLabel('E-Mail')).toHaveValue('erika@beispiel.de');
    await expect(page.getByLabel('Kartennummer')).toHaveValue('');
    noErrors();
  });

  test('the fallback page, in German', async ({ page }) => {
    await page.goto('/#/fallback');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Der Checkout ist gerade nicht verfügbar' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'hilfe@notizwerk.example' })).toBeVisible();
    await page.getByRole('link', { name: 'Zu den Tarifen' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Wählen Sie Ihren Tarif' }),
    ).toBeVisible();
  });

  test('a render error: the error component with the digest, never the message', async ({
    page,
  }) => {
    const noErrors = watchErrors(page, [
      /internal detail the visitor must not see/,
      /CheckoutBoundary/,
    ]);
    await page.goto('/#/broken');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeVisible();
    await expect(alert).toContainText('Fehlerkennung: NW-4711');
    await expect(page.getByText('internal detail')).toHaveCount(0);
    await alert.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Wählen Sie Ihren Tarif' }),
    ).toBeVisible();
    noErrors();
  });
});
