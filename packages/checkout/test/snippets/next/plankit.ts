// plankit.ts: the checkout, configured once. What differs per deployment (PLANKIT_SECRET,
// DATABASE_URL, STRIPE_*…) is read from the environment when the server runs.
import { createPlankit } from '@plankit/checkout/next';

export const { RootLayout, PlanPage, FinishPage, GET, POST, proxy } = createPlankit({
  catalog: {
    defaultCurrency: 'EUR',
    plans: [
      {
        id: 'pro',
        name: 'Pro',
        features: ['Unlimited projects', 'Priority support'],
        prices: { monthly: { EUR: 2400 }, yearly: { EUR: 24000 } },
        trialDays: 14,
      },
      { id: 'team', name: 'Team', prices: { monthly: { EUR: 1500 } }, seats: { min: 2, max: 50 } },
    ],
    countries: [{ code: 'DE', name: 'Germany', taxRateBasisPoints: 1900 }],
  },
});
