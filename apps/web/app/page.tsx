import { PlanList } from '@plankit/checkout';
import { catalog } from '../lib/catalog';
import { routes } from '../lib/routes';

export default function HomePage() {
  return <PlanList catalog={catalog} planHref={(planId) => routes.plan(planId)} />;
}
