// proxy.ts: security headers with a nonce, the visitor's language, a 503 page for a store down.
export { proxy } from '@/plankit';
