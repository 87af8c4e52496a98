import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ErrorPageKind } from './errorPage.js';

/**
 * Largest request body the host accepts, in bytes. The plan step's form is a few kB (every
 * field is bounded, the longest at 254 characters); anything near this is not a visitor.
 * `next.config.ts` gives Server Actions the same limit.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Largest webhook body a payment provider may send (`/api/webhooks/*`): its events carry
 * whole objects (an invoice with its lines), far larger than a form.
 */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

const WEBHOOK_PATH = /^\/api\/webhooks\/[^/]+\/?$/;

/**
 * Why the proxy refuses a request before Next.js handles it, or null to let it through.
 * Next.js checks the same things itself, but answers each with a 500 and, without
 * JavaScript, an empty page (issue 12, item 6). Here each gets its own status and a page:
 * - a body over {@link MAX_BODY_BYTES}: 413;
 * - an `Origin` that is not this site (a cross-site form post): 403, as Next.js's own
 *   Server Action check compares it (`x-forwarded-host`, else `host`);
 * - a form or action body that does not parse: 400;
 * - a form post naming a Server Action this build does not have (a page from an older
 *   deployment): 409, Next.js's own status for it, with a page instead of plain text.
 */
export async function refuseBadRequest(request: Request): Promise<ErrorPageKind | null> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
    return null;
  }
  if (isForeignOrigin(request)) return 'foreignOrigin';
  const limit = WEBHOOK_PATH.test(new URL(request.url).pathname)
    ? MAX_WEBHOOK_BODY_BYTES
    : MAX_BODY_BYTES;
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) return 'tooLarge';
  const body = await readBody(request, limit);
  if (body === 'too-large') return 'tooLarge';

  // Lower case for the comparisons only: a multipart boundary is case-sensitive.
  const contentType = request.headers.get('content-type') ?? '';
  const type = contentType.toLowerCase();
  const isAction = request.headers.has('next-action');
  if (
    type.startsWith('multipart/form-data') ||
    type.startsWith('application/x-www-form-urlencoded')
  ) {
    let form: FormData;
    try {
      form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    } catch {
      return 'malformed';
    }
    // Without JavaScript the action's id travels in the form; with it, in `next-action`,
    // and Next.js answers an unknown one in a way its client understands.
    if (!isAction) {
      const actionId = actionIdOf(form);
      if (actionId === 'malformed') return 'malformed';
      const known = knownActionIds();
      if (actionId !== null && known !== null && !known.has(actionId)) return 'staleForm';
    }
    return null;
  }
  if (isAction && type.startsWith('text/plain')) {
    try {
      JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
    } catch {
      return 'malformed';
    }
  }
  return null;
}

function isForeignOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  // No Origin at all: not a browser's form post (browsers send one on every POST). Next.js
  // lets those through too; the engine's own checks apply.
  if (origin === null) return false;
  const site = (request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? '')
    .split(',')[0]
    ?.trim()
    .toLowerCase();
  try {
    // "null" (a sandboxed frame, a privacy redirect) does not parse, and is refused.
    return new URL(origin).host.toLowerCase() !== site;
  } catch {
    return true;
  }
}

/** Reads the body, stopping as soon as it passes the limit. */
async function readBody(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | 'too-large'> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return 'too-large';
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The Server Action a no-JavaScript form names: `$ACTION_ID_<id>` for a plain action,
 * `$ACTION_REF_<n>` with `$ACTION_<n>:0` = `{"id": …}` for one bound by `useActionState`.
 */
function actionIdOf(form: FormData): string | null | 'malformed' {
  for (const [name, value] of form) {
    if (name.startsWith('$ACTION_ID_')) return name.slice('$ACTION_ID_'.length);
    if (name.startsWith('$ACTION_REF_')) {
      const bound = form.get(`$ACTION_${name.slice('$ACTION_REF_'.length)}:0`);
      try {
        const id = typeof bound === 'string' ? (JSON.parse(bound) as { id?: unknown }).id : null;
        return typeof id === 'string' ? id : 'malformed';
      } catch {
        return 'malformed';
      }
    } else if (typeof value !== 'string' && name.startsWith('$ACTION')) {
      return 'malformed';
    }
  }
  return null;
}

let actionIds: ReadonlySet<string> | null | undefined;

/**
 * The Server Actions of this build, from the manifest `next build` writes; null when there
 * is none (the development server), and then the check is left to Next.js.
 */
function knownActionIds(): ReadonlySet<string> | null {
  if (actionIds !== undefined) return actionIds;
  try {
    const manifest = JSON.parse(
      readFileSync(join(process.cwd(), '.next/server/server-reference-manifest.json'), 'utf8'),
    ) as { node?: Record<string, unknown> };
    actionIds = new Set(Object.keys(manifest.node ?? {}));
  } catch {
    actionIds = null;
  }
  return actionIds;
}
