// Readiness for load balancers (the adapter's handler): 200, or 503 naming what is not ready.
export { GET, HEAD } from '../../../lib/plankit';
