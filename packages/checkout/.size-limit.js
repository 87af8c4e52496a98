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
  // 13.5 kB since issue 13 (business buyers): the business fields, the reverse-charge lines
  // and their text add about 1.3 kB.
  piece('PlanStep with all its parts (form, summary, seats, interval)', '{ PlanStep }', '13.5 kB'),
  piece('CheckoutFallback', '{ CheckoutFallback }', '2 kB'),
  piece('CheckoutError', '{ CheckoutError }', '2 kB'),
];
