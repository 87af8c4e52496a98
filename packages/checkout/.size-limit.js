// Bundle budgets of the client entry (issue 4, "Budgets"): what an app's bundler adds
// for each piece, minified and gzipped, React and React DOM excluded (the app has them).
// `pnpm test` fails when a piece grows over its limit.
const piece = (name, exports, limit) => ({
  name,
  path: 'dist/index.js',
  import: exports,
  ignore: ['react', 'react-dom'],
  gzip: true,
  limit,
});

export default [
  // 13.5 kB since issue 13 (business buyers): 12.6 kB measured after merging the 16 locales
  // (main alone: 11.2 kB). The business buyer adds about 4.1 kB minified, 1.35 kB gzipped:
  // BusinessFields 1.2 kB, the English business text in compiled/enPlanStep 0.8 kB, the
  // reverse-charge lines in the summary 0.6 kB, the EU member states and the form's
  // reverse-charge rule (pricing/euVat) 0.57 kB, the 15 keys in the plan-step key lists
  // 0.26 kB, the business field rules in validation/checkoutForm 0.22 kB, and 0.4 kB in
  // PlanStepForm, useLiveQuote, OrderSummary and quote().
  piece('PlanStep with all its parts (form, summary, seats, interval)', '{ PlanStep }', '13.5 kB'),
  piece('CheckoutFallback', '{ CheckoutFallback }', '2 kB'),
  piece('CheckoutError', '{ CheckoutError }', '2 kB'),
];
