// "Find my subscription" (the adapter's, lib/plankit.ts). Per request: the form's answer
// (sent, throttled) belongs to one visitor.
export {
  FindSubscriptionPage as default,
  generateFindSubscriptionMetadata as generateMetadata,
} from '../../../lib/plankit';

export const dynamic = 'force-dynamic';
