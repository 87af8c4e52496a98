// The finish step (the adapter's, lib/plankit.ts): the outcome of one checkout.
export {
  FinishPage as default,
  generateFinishMetadata as generateMetadata,
} from '../../../../lib/plankit';
