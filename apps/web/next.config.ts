import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite loads its WASM and data files relative to its own module, and pg has optional
  // native bindings: both must be required at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  experimental: {
    // Pages rendered once per process (lib/staticPages.ts) stay in that process's memory,
    // never on disk: a build folder restored or reused under another configuration never
    // serves pages (or their Server Action ids) rendered for another (issue 21).
    isrFlushToDisk: false,
    // The same limit as the proxy's (lib/requestGuard.ts MAX_BODY_BYTES): the proxy answers
    // 413 first; this stops Next.js from parsing more should a request get past it.
    serverActions: { bodySizeLimit: '64kb' },
    // The proxy reads each form it checks; a little over the limit is all it needs to see.
    proxyClientMaxBodySize: '96kb',
  },
  // The proxy (proxy.ts) sets the security headers of pages; the build's static files
  // skip it, and need only these.
  async headers() {
    return [
      {
        source: '/_next/static/:path*',
        headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }],
      },
    ];
  },
};

export default nextConfig;
