// An order's invoice as PDF behind its receipt's signed link (the adapter's handler).
export { GET } from '../../../../../lib/plankit';
