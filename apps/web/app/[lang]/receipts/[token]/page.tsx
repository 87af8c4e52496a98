// A receipt behind its signed link (the adapter's, lib/plankit.ts).
export {
  generateReceiptMetadata as generateMetadata,
  ReceiptPage as default,
} from '../../../../lib/plankit';
