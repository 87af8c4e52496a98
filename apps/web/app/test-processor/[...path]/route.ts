// The test processor, standing in for a card processor's own origin (the adapter's handler;
// 404 with Stripe).
export { GET, POST } from '../../../lib/plankit';
