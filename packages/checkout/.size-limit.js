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
  // The budget is 12 kB (issue 4). Issue 13 (16 locales, business buyers, payment terms) took
  // the plan step to 13.39 kB and the limit was raised to 13.5 kB; measured now: 12.30 kB,
  // so the limit is 12.4 kB until the last 0.3 kB go. What is left needs a decision (e.g.
  // the business part as a slot the host fills, like `payment`): a lazy import() does not
  // count less here (esbuild inlines it) and a server-rendered slot neither (PlanStep
  // imports it). What went, gzipped: the form's message picking reads the English default's
  // keys, so the two key lists stay out (0.36 kB); the promo and business field rules stay
  // on the server (`validateFormField` in the browser, 0.25 kB); compiled messages as compact
  // parts instead of parser trees (0.14 kB); plan links read with the plan's own lists and
  // the shared seats and promo rules, as values for the reducer (0.18 kB); the CVC rule
  // without cardBrand(), unused props (IntervalSwitch's notes, Field's className), one
  // storage and one card-field helper, one reducer action less (0.17 kB).
  piece('PlanStep with all its parts (form, summary, seats, interval)', '{ PlanStep }', '12.4 kB'),
  piece('CheckoutFallback', '{ CheckoutFallback }', '2 kB'),
  piece('CheckoutError', '{ CheckoutError }', '2 kB'),
];
