// One webhook endpoint per payment provider (the adapter's handler).
export { POST } from '../../../../lib/plankit';
