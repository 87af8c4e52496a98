// The buyer's email of a plan change (subscription.updated with a change), against a real
// SMTP server: the new terms, the amount charged now with the proration's invoice attached,
// a scheduled downgrade's date; nothing for cancel and resume.
import {
  DAY,
  databases,
  expectRedirect,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';
import { type SmtpSink, startSmtpSink } from '../test-utils/smtpSink.js';

describe.each(databases)('plan change emails, on $name', (database) => {
  const h = useEngineHarness(database);
  let smtp: SmtpSink;
  beforeEach(async () => {
    smtp = await startSmtpSink();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it('in German: the new seats, what was charged now, its invoice; then a scheduled downgrade', async () => {
    const { engine } = h.setup({
      email: { smtpUrl: smtp.url, from: 'Acme <billing@acme.example>' },
      publicUrl: 'https://shop.example',
    });
    const { sessionId } = expectRedirect(
      await engine.submitPlanStep(h.post({ plan: 'team', seats: '5' }), {
        ...visitor,
        locale: 'de',
      }),
    );
    const subscription = (await h.store.getSessionRecord(sessionId))?.subscription;
    if (!subscription) throw new Error('no subscription');
    const token = engine.subscriptionPath(subscription.id).replace('/subscriptions/', '');
    // Cancel and resume write subscription.updated, which mails nothing.
    await engine.cancelSubscription(token);
    await engine.resumeSubscription(token);
    await engine.deliverEvents();
    expect(smtp.messages).toHaveLength(1); // the receipt

    await h.advance(14 * DAY);
    const preview = await engine.previewPlanChange(token, {
      plan: 'team',
      interval: 'monthly',
      seats: '7',
    });
    if (preview.status !== 'preview') throw new Error('no preview');
    await engine.confirmPlanChange(token, preview.confirmToken);
    await engine.deliverEvents();
    expect(smtp.messages).toHaveLength(2);
    const mail = smtp.messages[1];
    const euros = (minor: number) =>
      new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(minor / 100);
    expect(mail?.subject).toBe('Ihr Team-Abonnement wurde geändert');
    const text = mail?.text ?? '';
    for (const line of [
      'Ihr Abonnement ist jetzt Team.',
      'Plätze: 7',
      `Gesamt: ${euros(9996)}`,
      `Jetzt abgebucht: ${euros(1428)}`,
      'INV-2031-000002',
    ]) {
      expect(text).toContain(line);
    }
    expect(mail?.attachments?.map((a) => a.contentType)).toEqual(['application/pdf']);

    const down = await engine.previewPlanChange(token, {
      plan: 'team',
      interval: 'monthly',
      seats: '2',
    });
    if (down.status !== 'preview') throw new Error('no preview');
    await engine.confirmPlanChange(token, down.confirmToken);
    await engine.deliverEvents();
    expect(smtp.messages[2]?.subject).toBe('Ihr Abonnement wechselt am 28. Februar 2031 zu Team');
    expect(smtp.messages[2]?.attachments ?? []).toEqual([]);
  });
});
