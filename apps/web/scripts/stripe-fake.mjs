// Starts the in-repo fake of Stripe's API for local runs (`npm run stripe:fake` from the
// repository root), so the host can run with the Stripe provider and no Stripe account or
// network. Then start the host with the variables this prints (`npm start` in another
// terminal). Needs the package built (`npm start` or `pnpm build` once).
import { startFakeStripe } from '@plankit/checkout/stripe/fake';

const port = Number(process.env.FAKE_STRIPE_PORT || 12111);
const secret = process.env.STRIPE_WEBHOOK_SECRET || 'whsec_plankit_fake';
const host = process.env.PLANKIT_PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`;
const webhookUrl = process.env.FAKE_STRIPE_WEBHOOK_URL || `${host}/api/webhooks/stripe`;

const fake = await startFakeStripe({ port, webhook: { url: webhookUrl, secret } });
console.log(`Fake Stripe API on ${fake.url}; webhooks to ${webhookUrl}.
Start the host with:
  STRIPE_SECRET_KEY=sk_test_fake STRIPE_PUBLISHABLE_KEY=pk_test_fake \\
  STRIPE_WEBHOOK_SECRET=${secret} STRIPE_API_BASE=${fake.url} \\
  STRIPE_JS_URL=${fake.stripeJsUrl} npm start
Test cards, in the Stripe.js stand-in's card field and on the hosted page:
  4242 4242 4242 4242 (paid), 4000 0000 0000 0002 (declined),
  4000 0027 6000 3184 (3-D Secure: a dialog asks), any future expiry, any CVC.`);

const stop = async () => {
  await fake.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
