// The test processor, standing in for a card processor's own origin: the card fields'
// tokenising endpoint, the test bank page and the hosted payment page (for visitors
// without JavaScript). With a real processor this route goes away.
import { getTestProvider } from '../../../lib/engine';
import { REQUEST_ID_HEADER, withRequestId } from '../../../lib/log';

export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  const provider = await getTestProvider();
  // With Stripe configured there is no test processor to serve.
  if (!provider) return new Response('Not found', { status: 404 });
  return withRequestId(request.headers.get(REQUEST_ID_HEADER), () => provider.handle(request));
}

export { handle as GET, handle as POST };
