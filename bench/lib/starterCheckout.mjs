// The checkout the benches time: the host demo's `starter` plan (apps/web/lib/catalog.ts),
// monthly, from Germany, paid with a card the test processor tokenized beforehand.
import { randomBytes } from 'node:crypto';

/** The starter plan and Germany exactly as in the host's demo catalog. */
export function starterCatalog(server) {
  return server.parseCatalog({
    defaultCurrency: 'EUR',
    plans: [
      {
        id: 'starter',
        name: 'Starter',
        description: 'For individuals getting their first project off the ground.',
        features: ['1 project'],
        prices: { monthly: { EUR: 900, USD: 1000 }, yearly: { EUR: 9000, USD: 10000 } },
        tax: 'inclusive',
      },
    ],
    promoCodes: [{ code: 'LAUNCH20', percentOff: 20 }],
    countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
  });
}

/** A valid starter-plan post with a fresh idempotency key. */
export const starterForm = (paymentMethod) => ({
  plan: 'starter',
  idempotencyKey: randomBytes(18).toString('base64url'),
  interval: 'monthly',
  currency: 'EUR',
  seats: '',
  email: 'bench@example.com',
  name: 'Bench Mark',
  country: 'DE',
  promo: '',
  paymentMethod,
});

/** The one visitor of every bench checkout. */
export const benchVisitor = { clientAddress: '127.0.0.1', visitorToken: 'bench-visitor-token' };

/**
 * `count` payment-method ids of card 4242…, made before any timing: a recurring plan saves
 * its card to its buyer, so each checkout needs a card of its own (as at a real processor).
 */
export async function tokenizedCards(provider, count) {
  const cards = [];
  for (let i = 0; i < count; i++) {
    const card = await provider.processor.createPaymentMethod({
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    if ('errors' in card) throw new Error('the test card was refused');
    cards.push(card.id);
  }
  return cards;
}
