// routes.ts: the one place that builds and parses checkout paths.
import { createCheckoutRoutes } from '@plankit/checkout';

export const routes = createCheckoutRoutes({ checkoutPath: 'buy' }); // default 'checkout'

// Links into the plan step, with choices preselected:
export const teamLink = routes.plan('team', { interval: 'yearly', seats: 5 });
// → '/buy/team?interval=yearly&seats=5'

// Which page a pathname is (null for anything else):
export const matched = routes.match('/buy/team');
// → { step: 'plan', planId: 'team' }

// Lenient reading of a link's query (invalid values are left out):
export const options = routes.parsePlanLinkOptions('?seats=5&interval=weekly');
// → { seats: 5 }

// Also: routes.home ('/'), routes.fallback ('/fallback'), routes.finish(sessionId),
// routes.webhook(providerId) ('/api/webhooks/stripe'), routes.testProcessor; isValidPlanId()
// and isValidCheckoutPath() check input.
