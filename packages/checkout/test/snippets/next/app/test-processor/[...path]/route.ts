// app/test-processor/[...path]/route.ts: the test processor, standing in for a processor's
// own origin: the card fields' tokenising endpoint, the test bank and the hosted payment
// page. Not needed with a real processor.
import { getTestProvider } from '@/lib/checkout';

async function handle(request: Request): Promise<Response> {
  return (await getTestProvider()).handle(request);
}

export { handle as GET, handle as POST };
