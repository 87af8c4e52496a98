// "Find my subscription" against a real SMTP server: links for a known address, the same
// answer and no email for an unknown one, the throttle per address and per client.

import {
  databases,
  expectRedirect,
  HOUR,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';
import { type SmtpSink, startSmtpSink } from '../test-utils/smtpSink.js';
import { readLink } from './signedLinks.js';

const form = (email: string) => new Map([['email', email]]);
const SECRET = 'test-secret-of-16-chars';

describe.each(databases)('find my subscription, on $name', (database) => {
  const h = useEngineHarness(database);
  let smtp: SmtpSink;
  beforeEach(async () => {
    smtp = await startSmtpSink();
  });
  afterEach(async () => {
    await smtp.close();
  });
  const setup = () =>
    h.setup({
      email: { smtpUrl: smtp.url, from: 'Acme Billing <billing@acme.example>' },
      publicUrl: 'https://shop.example',
    });

  it('emails a known address the signed links of its subscription and receipt, in the page’s language', async () => {
    const { engine } = setup();
    const { sessionId } = expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    const record = await h.store.getSessionRecord(sessionId);
    await engine.deliverEvents();
    expect(smtp.messages).toHaveLength(1);
    const answer = await engine.findSubscriptions(form(' ADA@example.com '), {
      ...visitor,
      locale: 'de',
    });
    expect(answer).toEqual({ status: 'sent', email: ' ADA@example.com ' });
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(2));
    const mail = smtp.messages[1];
    expect(mail?.subject).toBe('Ihre Abonnements bei Acme');
    const text = mail?.text ?? '';
    const manage = /Starter \(Aktiv\): (\S+)/.exec(text)?.[1] ?? '';
    const token = new URL(manage).pathname.replace('/subscriptions/', '');
    expect(readLink(SECRET, 'subscription', token)).toBe(record?.subscription?.id);
    const receipt =
      new RegExp(`Beleg ${record?.order?.reference} \\(31\\. Januar 2031\\): (\\S+)`).exec(
        text,
      )?.[1] ?? '';
    expect(readLink(SECRET, 'receipt', new URL(receipt).pathname.replace('/receipts/', ''))).toBe(
      record?.order?.id,
    );
  });

  it('answers an unknown address the same, and sends nothing', async () => {
    const { engine } = setup();
    expectRedirect(await engine.submitPlanStep(h.post(), visitor));
    await engine.deliverEvents();
    const answer = await engine.findSubscriptions(form('grace@example.com'), visitor);
    expect(answer).toEqual({ status: 'sent', email: 'grace@example.com' });
    // Whatever was going to leave has left by the time a known address's email would.
    await engine.findSubscriptions(form('ada@example.com'), visitor);
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(2));
    expect(smtp.messages.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual([
      'ada@example.com',
      'ada@example.com',
    ]);
  });

  it('refuses what is not an address, keeping it, without counting it', async () => {
    const { engine } = setup();
    for (const typed of ['', 'ada', 'ada@example.com\u0000']) {
      const answer = await engine.findSubscriptions(form(typed), visitor);
      expect(answer).toMatchObject({ status: 'invalid', email: typed });
    }
    expect(await engine.findSubscriptions(form('ada@example.com'), visitor)).toMatchObject({
      status: 'sent',
    });
  });

  it('allows 3 requests an hour per address and 10 per client, then says when, and warns', async () => {
    const { engine, logs } = setup();
    for (let i = 0; i < 3; i++) {
      expect(await engine.findSubscriptions(form('ada@example.com'), visitor)).toMatchObject({
        status: 'sent',
      });
    }
    expect(await engine.findSubscriptions(form('Ada@Example.com'), visitor)).toEqual({
      status: 'throttled',
      email: 'Ada@Example.com',
      minutes: 60,
    });
    expect(logs).toContainEqual([
      'warn',
      '[plankit] subscription link requests over their limit',
      { limit: 'email', minutes: 60 },
    ]);
    // The same client, other addresses: 6 more pass (10 in all), the next is refused.
    for (let i = 0; i < 6; i++) {
      expect(await engine.findSubscriptions(form(`buyer${i}@example.com`), visitor)).toMatchObject({
        status: 'sent',
      });
    }
    expect(await engine.findSubscriptions(form('new@example.com'), visitor)).toMatchObject({
      status: 'throttled',
    });
    // Another client may still ask for a fresh address; an hour later the address may again.
    const other = { ...visitor, clientAddress: '198.51.100.7' };
    expect(await engine.findSubscriptions(form('new@example.com'), other)).toMatchObject({
      status: 'sent',
    });
    await h.advance(HOUR + 1000);
    expect(await engine.findSubscriptions(form('ada@example.com'), other)).toMatchObject({
      status: 'sent',
    });
    // No address in any log line.
    expect(JSON.stringify(logs)).not.toMatch(/@example\.com/);
  });
});
