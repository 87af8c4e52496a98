// The plan step (the adapter's, lib/plankit.ts): rendered once per process and language.
export {
  generatePlanMetadata as generateMetadata,
  generateStaticParams,
  PlanPage as default,
} from '../../../../lib/plankit';
