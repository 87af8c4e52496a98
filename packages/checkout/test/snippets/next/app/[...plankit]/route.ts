// app/[...plankit]/route.ts: webhooks, the test processor's pages, invoices, health checks.
export { GET, POST } from '@/plankit';
