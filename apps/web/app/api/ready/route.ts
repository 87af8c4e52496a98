// Readiness for load balancers and orchestrators (issue 24, item 4): 200 when the store
// answers with this build's migrations applied and a payment provider is configured; else
// 503 with `Retry-After` and a JSON body naming what is not ready (lib/readiness.ts). Read
// on every request, never cached; it sets no cookie and starts no checkout.
import { READY_RETRY_AFTER_SECONDS, readiness } from '../../../lib/readiness';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const report = await readiness();
  const ready = report.status === 'ready';
  return Response.json(report, {
    status: ready ? 200 : 503,
    headers: {
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      ...(ready ? {} : { 'retry-after': String(READY_RETRY_AFTER_SECONDS) }),
    },
  });
}

export const HEAD = GET;
