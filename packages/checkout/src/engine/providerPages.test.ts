import {
  DAY,
  databases,
  expectRedirect,
  expectState,
  processorRequest,
  receiptOf,
  routes,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';

const expiry = '12/39';

describe.each(databases)('the buyer on the provider’s pages, on $name', (database) => {
  const h = useEngineHarness(database);

  describe('4000 0027 6000 3184: the test bank asks first', () => {
    async function startAuthentication(engine: ReturnType<typeof h.setup>['engine']) {
      const form = h.post({ paymentMethod: h.cards.authenticate });
      const redirect = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect(redirect.location).toMatch(/^\/test-processor\/authenticate\/pi_/);
      return { form, ...redirect };
    }

    it('approved there, the return to the finish step settles it as paid, once', async () => {
      const { engine, provider, paid } = h.setup();
      const { form, sessionId, location } = await startAuthentication(engine);
      await expect(engine.getFinishView(sessionId, visitor)).resolves.toEqual({
        status: 'action_required',
        sessionId,
        planName: 'Starter',
        actionUrl: location,
      });
      // Posting the plan step again while the bank waits goes back to the bank.
      expect(expectRedirect(await engine.submitPlanStep(form, visitor)).location).toBe(location);

      const approved = await provider.handle(processorRequest(location, { decision: 'approve' }));
      expect(approved.headers.get('location')).toBe(routes.finish(sessionId));
      // The return: the engine asks the processor, never the query string.
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
      expect(await paid()).toBe(1);
      expect(await h.countRows('orders')).toBe(1);
    });

    it('declined there, the visitor sees why and a retry with another card pays', async () => {
      const { engine, provider } = h.setup();
      const { form, sessionId, location } = await startAuthentication(engine);
      await provider.handle(processorRequest(location, { decision: 'decline' }));
      await expect(engine.getFinishView(sessionId, visitor)).resolves.toMatchObject({
        status: 'failed',
        reason: { message: 'errorAuthenticationFailed' },
      });
      const retry = expectRedirect(
        await engine.submitPlanStep({ ...form, paymentMethod: h.cards.success }, visitor),
      );
      expect(retry.sessionId).toBe(sessionId);
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
    });

    it('a stranger with the link sees nothing and changes nothing', async () => {
      const { engine } = h.setup();
      const { sessionId } = await startAuthentication(engine);
      const stranger = { clientAddress: '198.51.100.1', visitorToken: 'token-b' };
      await expect(engine.getFinishView(sessionId, stranger)).resolves.toEqual({
        status: 'not_found',
      });
      expect((await h.store.getSession(sessionId))?.status).toBe('requires_action');
    });

    it('an approval a day later, after the session expired, charges nothing', async () => {
      const { engine, provider, paid } = h.setup();
      const { sessionId, location } = await startAuthentication(engine);
      await h.advance(DAY + 1000);
      // The sweep cancels the waiting payment at the processor, then expires the session.
      expect(await engine.expireStaleSessions()).toBe(1);
      const late = await provider.handle(processorRequest(location, { decision: 'approve' }));
      expect(late.status).toBe(303);
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('expired');
      expect(await paid()).toBe(0);
      expect(await h.countRows('orders')).toBe(0);
    });
  });

  describe('without JavaScript: the processor’s hosted payment page', () => {
    it('the plan step posts no card, the buyer pays on the hosted page and lands on the receipt', async () => {
      const { engine, provider, paid } = h.setup();
      const form = h.post({ idempotencyKey: '', paymentMethod: '' });
      const { sessionId, location } = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect(location).toMatch(/^\/test-processor\/pay\/pi_/);
      const page = await (await provider.handle(processorRequest(location))).text();
      expect(page).toContain('Pay €10.71');

      // A decline on the hosted page: the buyer tries another card there. Whatever reports
      // it meanwhile (a webhook, a look from the finish step) does not end the checkout.
      const declined = await provider.handle(
        processorRequest(location, { number: '4000 0000 0000 0002', expiry, cvc: '123' }),
      );
      expect(declined.status).toBe(400);
      const intentId = (await h.store.getSession(sessionId))?.providerPaymentId ?? '';
      await engine.handleWebhook('test', provider.processor.webhookFor(intentId));
      expect(await engine.getFinishView(sessionId, visitor)).toMatchObject({
        status: 'action_required',
        actionUrl: location,
      });
      const done = await provider.handle(
        processorRequest(location, { number: '4242 4242 4242 4242', expiry, cvc: '123' }),
      );
      expect(done.headers.get('location')).toBe(routes.finish(sessionId));
      const view = await engine.getFinishView(sessionId, visitor);
      expect(view.status).toBe('paid');
      expect(receiptOf(view).paymentMethod).toEqual({ brand: 'visa', last4: '4242' });
      expect(await paid()).toBe(1);
    });

    it('a refused bank check on the hosted page leads back there for another card', async () => {
      const { engine, provider, paid } = h.setup();
      const { sessionId, location } = expectRedirect(
        await engine.submitPlanStep(h.post({ idempotencyKey: '', paymentMethod: '' }), visitor),
      );
      const toBank = await provider.handle(
        processorRequest(location, { number: '4000 0027 6000 3184', expiry, cvc: '123' }),
      );
      const bank = toBank.headers.get('location') ?? '';
      expect(bank).toMatch(/^\/test-processor\/authenticate\/pi_/);
      const refused = await provider.handle(processorRequest(bank, { decision: 'decline' }));
      expect(refused.headers.get('location')).toBe(location);
      const again = await (await provider.handle(processorRequest(location))).text();
      expect(again).toContain('The payment was not authenticated. Try again or use another card.');
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('action_required');

      await provider.handle(
        processorRequest(location, { number: '4242 4242 4242 4242', expiry, cvc: '123' }),
      );
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
      expect(await paid()).toBe(1);
    });

    it('the hosted page pays only intents made for it, not one the plan step’s card failed', async () => {
      const { engine, provider } = h.setup();
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep(h.post({ paymentMethod: h.cards.authenticate }), visitor),
      );
      const intentId = (await h.store.getSession(sessionId))?.providerPaymentId ?? '';
      const page = await provider.handle(processorRequest(`/test-processor/pay/${intentId}`));
      expect(page.status).toBe(404);
    });

    it('a double click (two posts, no key) with the visitor cookie is one checkout, sent to the same page', async () => {
      const { engine } = h.setup();
      const form = h.post({ idempotencyKey: '', paymentMethod: '' });
      const [a, b] = await Promise.all([
        engine.submitPlanStep(form, visitor),
        engine.submitPlanStep(form, visitor),
      ]);
      expect(expectRedirect(a)).toEqual(expectRedirect(b));
    });

    it('a double click before the visitor cookie exists: each post is its own browser token’s checkout, and the page it answers with is that token’s', async () => {
      const { engine } = h.setup();
      const form = h.post({ idempotencyKey: '', paymentMethod: '' });
      const first = { clientAddress: visitor.clientAddress, visitorToken: 'minted-1' };
      const second = { clientAddress: visitor.clientAddress, visitorToken: 'minted-2' };
      const [a, b] = (
        await Promise.all([engine.submitPlanStep(form, first), engine.submitPlanStep(form, second)])
      ).map(expectRedirect);
      // The browser follows the answer whose cookie it keeps: that checkout is its own, the
      // other one is not (it expires unpaid).
      expect(a?.sessionId).not.toBe(b?.sessionId);
      expect(await engine.ownsCheckout(a?.sessionId, first)).toBe(true);
      expect(await engine.ownsCheckout(b?.sessionId, second)).toBe(true);
      expect(await engine.ownsCheckout(a?.sessionId, second)).toBe(false);
    });

    it('a return or bank link that leaks opens nothing in another browser, even first; the buyer’s browser still can (issue 21, 3b)', async () => {
      const { engine } = h.setup();
      const buyer = { clientAddress: visitor.clientAddress, visitorToken: 'buyer-browser' };
      const other = { clientAddress: '198.51.100.9', visitorToken: 'other-browser' };
      const { sessionId } = expectRedirect(
        await engine.submitPlanStep(h.post({ idempotencyKey: '', paymentMethod: '' }), buyer),
      );
      // The finish link, opened elsewhere before the buyer ever came back: nothing, no email.
      expect(await engine.getFinishView(sessionId, other)).toEqual({ status: 'not_found' });
      expect(await engine.getFinishView(sessionId, { ...other, visitorToken: null })).toEqual({
        status: 'not_found',
      });
      expect(await engine.ownsCheckout(sessionId, other)).toBe(false);
      // The buyer's own browser sees its checkout.
      expect((await engine.getFinishView(sessionId, buyer)).status).not.toBe('not_found');
      expect(await engine.ownsCheckout(sessionId, buyer)).toBe(true);
      expect(await engine.ownsCheckout('cs_not-a-session', buyer)).toBe(false);
    });

    it('the same post from another address is the same checkout (the key ignores addresses)', async () => {
      const { engine } = h.setup();
      const form = h.post({ idempotencyKey: '', paymentMethod: '' });
      const a = expectRedirect(
        await engine.submitPlanStep(form, { clientAddress: '198.51.100.7', visitorToken: null }),
      );
      const b = expectRedirect(
        await engine.submitPlanStep(form, { clientAddress: '203.0.113.9', visitorToken: null }),
      );
      expect(b).toEqual(a);
    });

    it('buying again after paying is a new checkout, from any browser; its repeats are one', async () => {
      const { engine, provider, paid } = h.setup();
      const form = h.post({ idempotencyKey: '', paymentMethod: '' });
      const first = expectRedirect(await engine.submitPlanStep(form, visitor));
      await provider.handle(
        processorRequest(first.location, { number: '4242 4242 4242 4242', expiry, cvc: '123' }),
      );
      expect((await engine.getFinishView(first.sessionId, visitor)).status).toBe('paid');

      // Minutes later, the same details from another browser: a new checkout on its own
      // hosted page, not the first receipt and not "expired".
      const elsewhere = { clientAddress: '203.0.113.9', visitorToken: 'other-browser' };
      const second = expectRedirect(await engine.submitPlanStep(form, elsewhere));
      expect(second.sessionId).not.toBe(first.sessionId);
      expect(second.location).toMatch(/^\/test-processor\/pay\/pi_/);
      expect(second.location).not.toBe(first.location);
      // A double click on that second purchase is still one checkout.
      expect(expectRedirect(await engine.submitPlanStep(form, elsewhere))).toEqual(second);
      await provider.handle(
        processorRequest(second.location, { number: '4242 4242 4242 4242', expiry, cvc: '123' }),
      );
      expect((await engine.getFinishView(second.sessionId, elsewhere)).status).toBe('paid');
      expect(await paid()).toBe(2);
      // And a third purchase after that one follows the chain to a third checkout.
      const third = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect([first.sessionId, second.sessionId]).not.toContain(third.sessionId);
    });

    it('a free plan posted twice is one order', async () => {
      const { engine } = h.setup();
      const form = h.post({ plan: 'free', idempotencyKey: '', paymentMethod: '' });
      const first = expectRedirect(await engine.submitPlanStep(form, visitor));
      const again = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect(again.sessionId).toBe(first.sessionId);
      expect(await h.countRows('orders')).toBe(1);
    });

    it('a repeat across a window edge is the same checkout', async () => {
      const { engine } = h.setup();
      await h.store.clock.travel(new Date('2031-01-31T12:09:59.000Z'), { freeze: true });
      const form = h.post({ idempotencyKey: '', paymentMethod: '' });
      const first = expectRedirect(await engine.submitPlanStep(form, visitor));
      await h.store.clock.travel(new Date('2031-01-31T12:10:01.000Z'), { freeze: true });
      const second = expectRedirect(await engine.submitPlanStep(form, visitor));
      expect(second.sessionId).toBe(first.sessionId);
      expect((await h.store.getSession(first.sessionId))?.idempotencyKey).toMatch(
        /^nojs_[\w-]{43}$/,
      );
    });

    it('the buyer who never comes back is settled by the processor’s webhook', async () => {
      const { engine, provider } = h.setup({ webhookUrl: '/api/webhooks/test' });
      const { sessionId, location } = expectRedirect(
        await engine.submitPlanStep(h.post({ idempotencyKey: '', paymentMethod: '' }), visitor),
      );
      await provider.handle(
        processorRequest(location, { number: '4242424242424242', expiry, cvc: '123' }),
      );
      const session = await h.store.getSession(sessionId);
      const webhook = provider.processor.webhookFor(session?.providerPaymentId ?? '');
      await expect(engine.handleWebhook('test', webhook)).resolves.toEqual({
        status: 200,
        applied: 1,
      });
      expect((await h.store.getSession(sessionId))?.status).toBe('paid');
      // The same event again changes nothing; another provider's route and a bad signature are refused.
      await expect(engine.handleWebhook('test', webhook)).resolves.toEqual({
        status: 200,
        applied: 0,
      });
      await expect(engine.handleWebhook('stripe', webhook)).resolves.toEqual({
        status: 404,
        applied: 0,
      });
      await expect(
        engine.handleWebhook('test', {
          ...webhook,
          rawBody: webhook.rawBody.replace('pi_', 'pi_x'),
        }),
      ).resolves.toEqual({ status: 400, applied: 0 });
      expect(await h.countRows('orders')).toBe(1);
    });

    it('a bad signature refused by a provider from another copy of the package is a 400 too', async () => {
      // The Next.js adapter loads the Stripe entry at run time beside the bundled engine:
      // its WebhookSignatureError is another class with the same code.
      const { provider } = h.setup();
      const { engine } = h.setup({
        provider: {
          ...provider,
          parseWebhook: async () => {
            throw Object.assign(new Error('A webhook failed its signature check.'), {
              name: 'WebhookSignatureError',
              code: 'webhook_signature_invalid',
            });
          },
        },
      });
      await expect(
        engine.handleWebhook('test', { rawBody: '{}', headers: new Headers() }),
      ).resolves.toEqual({
        status: 400,
        applied: 0,
      });
    });

    it('a webhook that arrives late (an old state) changes nothing', async () => {
      const { engine, provider } = h.setup();
      const { sessionId, location } = expectRedirect(
        await engine.submitPlanStep(h.post({ paymentMethod: h.cards.authenticate }), visitor),
      );
      const intentId = (await h.store.getSession(sessionId))?.providerPaymentId ?? '';
      const early = provider.processor.webhookFor(intentId); // says: waiting for the bank
      await provider.handle(processorRequest(location, { decision: 'approve' }));
      expect((await engine.getFinishView(sessionId, visitor)).status).toBe('paid');
      await expect(engine.handleWebhook('test', early)).resolves.toMatchObject({ status: 200 });
      expect((await h.store.getSession(sessionId))?.status).toBe('paid');
    });
  });

  it('a success reported after the same attempt failed (events out of order) makes the order', async () => {
    const { engine, provider } = h.setup();
    const state = expectState(
      await engine.submitPlanStep(h.post({ paymentMethod: h.cards.declined }), visitor),
    );
    expect(state.formError).toEqual({ message: 'errorDeclined' });
    const session = await h.store.getSessionByIdempotencyKey(state.idempotencyKey ?? '');
    expect(session?.status).toBe('failed');
    // The processor took the payment after all, and says so (a processor's own retry).
    await h.client.query(
      `UPDATE "${h.schema}".test_processor_intents
        SET status = 'succeeded', last_error = NULL, payment_method_id = $2 WHERE id = $1`,
      [session?.providerPaymentId, h.cards.success],
    );
    await engine.handleWebhook(
      'test',
      provider.processor.webhookFor(session?.providerPaymentId ?? ''),
    );
    expect((await h.store.getSession(session?.id ?? ''))?.status).toBe('paid');
    expect(await h.countRows('orders')).toBe(1);
  });

  it('a form error from the hosted page never reaches the engine as card data', async () => {
    const { engine } = h.setup();
    const state = expectState(await engine.submitPlanStep(h.post({ email: 'nope' }), visitor));
    expect(state.fieldErrors).toEqual({ email: { message: 'errorEmail' } });
  });
});
