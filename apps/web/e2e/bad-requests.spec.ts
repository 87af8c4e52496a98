// Issue 12, item 6: bad requests get a clear answer with a rendered page, never a 500,
// and never a claim that nothing was charged. Sent as an attacker would: straight over
// HTTP to the production build, without a browser.
import { expect, test } from './fixtures';
import { makeFields, planStepForm, post, siteOf, visibleText } from './formPost';

test.describe('bad requests to the plan step', () => {
  test('a 1 MB field is refused with 413 and a page that says the form is too large', async ({
    baseURL,
  }) => {
    const site = siteOf(baseURL);
    const form = await planStepForm(site, makeFields({ name: 'A'.repeat(1024 * 1024) }));
    const answer = await post(site, form);
    expect(answer.status).toBe(413);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(visibleText(answer.body)).toContain('This form is too large');
    expect(answer.body).not.toMatch(/nothing was charged/i);
  });

  test('a malformed multipart body is refused with 400 and a page', async ({ baseURL }) => {
    const site = siteOf(baseURL);
    const answer = await post(site, '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', {
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    });
    expect(answer.status).toBe(400);
    expect(visibleText(answer.body)).toContain('This form could not be read');
  });

  test('a form posted from another site is refused with 403 and a page', async ({ baseURL }) => {
    const site = siteOf(baseURL);
    const answer = await post(site, await planStepForm(site, makeFields()), {
      headers: { origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
    expect(visibleText(answer.body)).toContain('This form came from another site');
    // And the same with JavaScript's kind of request (a Server Action call).
    const fromScript = await post(site, '[]', {
      headers: {
        origin: 'null',
        'next-action': '0'.repeat(42),
        'content-type': 'text/plain;charset=UTF-8',
      },
    });
    expect(fromScript.status).toBe(403);
  });

  test('a form naming a Server Action this build does not have gets 409 and a page', async ({
    baseURL,
  }) => {
    const site = siteOf(baseURL);
    const form = await planStepForm(site, makeFields());
    for (const [name] of [...form]) if (name.startsWith('$ACTION')) form.delete(name);
    form.set(`$ACTION_ID_${'0'.repeat(42)}`, '');
    const answer = await post(site, form);
    expect(answer.status).toBe(409);
    expect(visibleText(answer.body)).toContain('This page is out of date');
  });

  test('a NUL or a direction override in the name comes back as a message on the field', async ({
    baseURL,
  }) => {
    const site = siteOf(baseURL);
    for (const name of ['Ada\u0000Lovelace', 'Ada\u202eecalevoL']) {
      const answer = await post(site, await planStepForm(site, makeFields({ name })));
      expect(answer.status, JSON.stringify(name)).toBe(200);
      expect(visibleText(answer.body)).toContain(
        'Remove the invisible or control characters from this field.',
      );
    }
  });
});

test.describe('the same NUL in the name, typed by a visitor without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the field message and keeps the other fields', async ({ page }) => {
    await page.goto('/checkout/starter');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    // A browser's text field drops a NUL as it is typed; a direction override it keeps.
    await page.getByLabel('Full name').fill('Ada\u202eecalevoL');
    await page.getByLabel('Country').selectOption({ label: 'Germany' });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByLabel('Full name')).toHaveAccessibleDescription(
      /Remove the invisible or control characters from this field\./,
    );
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ada@example.com');
  });
});
