// A subscription's manage page behind its signed link (the adapter's, lib/plankit.ts).
export {
  generateManageMetadata as generateMetadata,
  ManagePage as default,
} from '../../../../lib/plankit';
