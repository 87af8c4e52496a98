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
  piece('PlanStep with all its parts (form, summary, seats, interval)', '{ PlanStep }', '12 kB'),
  piece('CheckoutFallback', '{ CheckoutFallback }', '2 kB'),
  piece('CheckoutError', '{ CheckoutError }', '2 kB'),
];
