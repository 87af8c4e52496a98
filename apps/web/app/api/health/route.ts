// Liveness for load balancers (the adapter's handler): 200 while the process serves.
export { GET, HEAD } from '../../../lib/plankit';
