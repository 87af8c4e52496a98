// app/checkout/finish/page.tsx: the finish step (receipt, or what went wrong).
import { FinishStep } from '@plankit/checkout';
import { getEngine, requestContext, routes } from '@/lib/checkout';

export default async function FinishPage({
  searchParams,
}: {
  searchParams: Promise<{ session?: string }>;
}) {
  const { session } = await searchParams;
  const view = await (await getEngine()).getFinishView(session, await requestContext());
  return <FinishStep view={view} plansHref={routes.home} />;
}
