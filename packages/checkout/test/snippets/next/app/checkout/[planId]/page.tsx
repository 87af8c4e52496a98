// app/checkout/[planId]/page.tsx: the plan step; its form posts to a Server Action.
export { PlanPage as default } from '@/plankit';
