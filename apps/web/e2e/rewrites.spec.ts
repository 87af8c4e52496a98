// Issue 24, item 5b: the proxy's locale rewrite (`/checkout/finish` → `/en/checkout/finish`)
// never leaves the process, whatever a load balancer sends. Next.js 16.4 proxied it over
// HTTP to the host itself under `next start --hostname 127.0.0.1` (vercel/next.js#94745):
// ECONNRESET now and then, EPROTO with `X-Forwarded-Proto: https`. patches/next@16.4.6.patch
// applies the upstream fix; this spec fails without it.
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { extraPort, type Host, startHost } from './host';

let host: Host;

test.beforeAll(async () => {
  // startHost runs `next start --hostname 127.0.0.1`, as a host behind a reverse proxy does.
  host = await startHost(extraPort(10), {
    PLANKIT_DATA_DIR: mkdtempSync(join(tmpdir(), 'plankit-e2e-rewrites-')),
  });
});

test.afterAll(async () => {
  await host?.stop();
});

/** A GET with any headers, `Host` included (fetch would not send that one). */
function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; rewrite: string | undefined }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, host.baseURL);
    const call = request(url, { headers }, (response) => {
      response.resume();
      response.on('end', () => {
        const rewrite = response.headers['x-middleware-rewrite'];
        resolve({
          status: response.statusCode ?? 0,
          rewrite: Array.isArray(rewrite) ? rewrite[0] : rewrite,
        });
      });
    });
    call.on('error', reject);
    call.end();
  });
}

const balancers: Record<string, Record<string, string>> = {
  'no forwarding headers': {},
  'X-Forwarded-Proto: https': { 'x-forwarded-proto': 'https' },
  'another Host': { host: 'shop.example' },
  'X-Forwarded-Host': { 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' },
};

for (const [name, headers] of Object.entries(balancers)) {
  test(`a rewritten page is served inside the process, ${name}`, async () => {
    for (const path of ['/checkout/finish?session=cs_abc', '/checkout/starter', '/']) {
      for (const rsc of [false, true]) {
        const response = await get(path, { ...headers, ...(rsc ? { rsc: '1' } : {}) });
        // An RSC request without its cache-busting `_rsc` query may be sent to get one (307).
        expect(rsc ? [200, 307] : [200], `${path}${rsc ? ' (RSC)' : ''}`).toContain(
          response.status,
        );
        // Next.js reports the rewrite it made: a path is internal, an origin is a proxy hop.
        const rewrite = response.rewrite;
        if (rewrite !== undefined)
          expect(rewrite, path).toMatch(/^\/[a-z]{2}(?:-[A-Z]{2})?(?:[/?]|$)/);
      }
    }
    expect(host.logs()).not.toContain('Failed to proxy');
  });
}
