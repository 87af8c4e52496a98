import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite loads its WASM and data files relative to its own module, and pg has optional
  // native bindings: both must be required at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
};

export default nextConfig;
