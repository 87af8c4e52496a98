// Liveness for load balancers and orchestrators (issue 24, item 4): 200 whenever the process
// serves requests, whatever the store or the provider do (`/api/ready` tells those). It
// touches nothing, sets no cookie, and is answered afresh every time.

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json(
    { status: 'ok' },
    { headers: { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } },
  );
}

export const HEAD = GET;
