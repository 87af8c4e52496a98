import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { shownTotalOf } from '../pricing/shownTotal.js';
import {
  databases,
  expectRedirect,
  expectState,
  receiptOf,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';
import { createViesVatIdChecker } from './vatIdChecker.js';

const MERCHANT = { merchantCountry: 'IE', merchantVatId: 'IE6388047V' };
const FRENCH_BUSINESS = {
  country: 'FR',
  business: 'on',
  company: 'Acme SAS',
  vatId: 'FR 40 303 265 045',
  street: '1 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
};

/**
 * A local stand-in for the EU's VIES REST API (POST …/check-vat-number, JSON), started by
 * the test: `valid` or `invalid` answers at once, `hang` never answers until the test ends.
 */
async function startViesStandIn(mode: 'valid' | 'invalid' | 'hang') {
  const seen: unknown[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = JSON.parse(body) as { countryCode: string; vatNumber: string };
      seen.push({ method: req.method, path: req.url, ...request });
      if (mode === 'hang') {
        held.push(res);
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          countryCode: request.countryCode,
          vatNumber: request.vatNumber,
          requestDate: '2031-01-31',
          valid: mode === 'valid',
          name: '---',
          address: '---',
        }),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/taxation_customs/vies/rest-api/check-vat-number`,
    seen,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

describe.each(databases)('business buyers and the EU reverse charge on $name', (database) => {
  const h = useEngineHarness(database);
  let stopVies: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stopVies?.();
    stopVies = null;
  });

  describe('a French business with a valid VAT ID buying from an Irish merchant', () => {
    it('pays no VAT, and the session and order record both VAT IDs', async () => {
      const { engine, paid } = h.setup(MERCHANT);
      // The form showed the reverse-charged total: 9.00 € with no VAT on top.
      const post = h.post({ ...FRENCH_BUSINESS, shownTotal: 'EUR 900' });
      const { sessionId } = expectRedirect(await engine.submitPlanStep(post, visitor));
      const receipt = receiptOf(await engine.getFinishView(sessionId, visitor));
      expect(receipt.amountPaid).toBe(900);
      expect(receipt.quote).toMatchObject({
        subtotal: 900,
        tax: 0,
        total: 900,
        reverseCharge: { buyerVatId: 'FR40303265045', merchantVatId: 'IE6388047V' },
      });
      expect(await paid()).toBe(1);
      const { rows } = await h.client.query<{ business: unknown; tax: unknown }>(
        `SELECT business, tax FROM "${h.schema}".orders`,
      );
      const business =
        typeof rows[0]?.business === 'string' ? JSON.parse(rows[0].business) : rows[0]?.business;
      expect(Number(rows[0]?.tax)).toBe(0);
      expect(business).toEqual({
        company: 'Acme SAS',
        vatId: 'FR40303265045',
        vatIdStatus: 'unverified',
        street: '1 rue de la Paix',
        postalCode: '75002',
        city: 'Paris',
      });
      const session = await h.store.getSession(sessionId);
      expect(session?.business?.vatId).toBe('FR40303265045');
      expect(session?.quote.reverseCharge?.merchantVatId).toBe('IE6388047V');
      // The printable receipt names the company and both VAT IDs.
      const token = (receipt.receiptUrl ?? '').replace('/receipts/', '');
      expect(await engine.getReceiptView(token)).toMatchObject({
        status: 'found',
        buyer: { company: 'Acme SAS', vatId: 'FR40303265045' },
        merchant: { vatId: 'IE6388047V' },
      });
    });

    it('is marked verified when VIES confirms the ID', async () => {
      const vies = await startViesStandIn('valid');
      stopVies = vies.close;
      const { engine } = h.setup({
        ...MERCHANT,
        vatIdChecker: createViesVatIdChecker({ url: vies.url }),
      });
      const post = h.post({ ...FRENCH_BUSINESS, shownTotal: 'EUR 900' });
      const { sessionId } = expectRedirect(await engine.submitPlanStep(post, visitor));
      const session = await h.store.getSession(sessionId);
      expect(session?.business?.vatIdStatus).toBe('verified');
      expect(vies.seen).toEqual([
        {
          method: 'POST',
          path: '/taxation_customs/vies/rest-api/check-vat-number',
          countryCode: 'FR',
          vatNumber: '40303265045',
        },
      ]);
    });

    it('gets a field message when VIES does not know the ID, and nothing is stored', async () => {
      const vies = await startViesStandIn('invalid');
      stopVies = vies.close;
      const { engine, attempts } = h.setup({
        ...MERCHANT,
        vatIdChecker: createViesVatIdChecker({ url: vies.url }),
      });
      const state = expectState(
        await engine.submitPlanStep(h.post({ ...FRENCH_BUSINESS, shownTotal: 'EUR 900' }), visitor),
      );
      expect(state.fieldErrors).toEqual({ vatId: { message: 'errorVatIdRejected' } });
      expect(await h.countRows('checkout_sessions')).toBe(0);
      expect(await attempts()).toBe(0);
    });

    it('goes on with the ID unverified when VIES does not answer in time', async () => {
      const vies = await startViesStandIn('hang');
      stopVies = vies.close;
      const { engine, paid } = h.setup({
        ...MERCHANT,
        vatIdChecker: createViesVatIdChecker({ url: vies.url }),
        vatIdCheckTimeoutMs: 200,
      });
      const post = h.post({ ...FRENCH_BUSINESS, shownTotal: 'EUR 900' });
      const { sessionId } = expectRedirect(await engine.submitPlanStep(post, visitor));
      const session = await h.store.getSession(sessionId);
      expect(session?.business?.vatIdStatus).toBe('unverified');
      expect(session?.quote).toMatchObject({ tax: 0, total: 900 });
      expect(vies.seen).toHaveLength(1);
      expect(await paid()).toBe(1);
    });
  });

  describe('a French VAT ID with a wrong check digit', () => {
    it('gets a field message; nothing is stored or charged; the other inputs stay', async () => {
      const { engine, attempts } = h.setup(MERCHANT);
      const post = h.post({ ...FRENCH_BUSINESS, vatId: 'FR41303265045', shownTotal: 'EUR 900' });
      const state = expectState(await engine.submitPlanStep(post, visitor));
      expect(state.status).toBe('invalid');
      expect(state.fieldErrors).toEqual({ vatId: { message: 'errorVatIdInvalid' } });
      expect(state.values).toMatchObject({ company: 'Acme SAS', vatId: 'FR41303265045' });
      expect(await h.countRows('checkout_sessions')).toBe(0);
      expect(await attempts()).toBe(0);
    });
  });

  describe('who still pays VAT', () => {
    it('a French business buying from a French merchant (same member state)', async () => {
      const { engine } = h.setup({
        ...MERCHANT,
        merchantCountry: 'FR',
        merchantVatId: 'FR40303265045',
      });
      const post = h.post({ ...FRENCH_BUSINESS, shownTotal: 'EUR 1080' });
      const { sessionId } = expectRedirect(await engine.submitPlanStep(post, visitor));
      const session = await h.store.getSession(sessionId);
      expect(session?.quote).toMatchObject({ tax: 180, total: 1080, reverseCharge: null });
      expect(session?.business?.vatId).toBe('FR40303265045');
    });

    it('a business whose form showed VAT gets the reverse-charged total to confirm first', async () => {
      const { engine, attempts } = h.setup(MERCHANT);
      // Without JavaScript the summary could not follow the VAT ID: it showed 10.80 €.
      const post = h.post({ ...FRENCH_BUSINESS, shownTotal: 'EUR 1080' });
      const state = expectState(await engine.submitPlanStep(post, visitor));
      expect(state.review).toBe('total-changed');
      expect(await attempts()).toBe(0);
      expect(shownTotalOf({ currency: 'EUR', total: 900 })).toBe('EUR 900');
    });
  });
});
