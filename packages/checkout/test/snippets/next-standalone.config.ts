// next.config.ts, only with output: 'standalone': copy the store's driver into the output.
import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  output: 'standalone',
  outputFileTracingIncludes: {
    // PGlite (no dependencies of its own), or pg with its dependencies:
    '/**': ['./node_modules/@electric-sql/pglite/**'],
    // '/**': ['./node_modules/{pg,pg-*,pgpass,postgres-*,split2,xtend}/**'],
  },
};

export default nextConfig;
