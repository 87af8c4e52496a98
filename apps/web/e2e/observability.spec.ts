// Issue 24, item 4, on a running host: with OTEL_EXPORTER_OTLP_ENDPOINT set it sends the
// engine's spans (inside Next.js's own request spans) and metrics over OTLP/HTTP to a
// receiver this spec starts; its log is JSON lines with a level, a message and the request's
// id; and no line of it holds the buyer's email, name or card number, through a purchase, a
// decline and deliveries that fail (a webhook receiver and an SMTP server that are not there).

import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cards, FINISH_URL, fillDetails, formAlert, payWith } from './checkout';
import { expect, test } from './fixtures';
import { extraPort, type Host, startHost, waitForStore } from './host';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

let receiver: Server;
const spans: OtlpSpan[] = [];
const metricNames = new Set<string>();
let host: Host;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      for (const resource of body.resourceSpans ?? []) {
        for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
      }
      for (const resource of body.resourceMetrics ?? []) {
        for (const scope of resource.scopeMetrics ?? []) {
          for (const metric of scope.metrics ?? []) metricNames.add(metric.name);
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  // A port nothing listens on: every webhook and email fails, and is logged.
  const nowhere = extraPort(13);
  host = await startHost(extraPort(11), {
    PLANKIT_DATA_DIR: mkdtempSync(join(tmpdir(), 'plankit-e2e-otel-')),
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_BSP_SCHEDULE_DELAY: '200',
    OTEL_METRIC_EXPORT_INTERVAL: '1000',
    PLANKIT_WEBHOOK_URL: `http://127.0.0.1:${nowhere}/hooks`,
    PLANKIT_WEBHOOK_SECRET: 'whsec_cGxhbmtpdC1lMmUtd2ViaG9vay1zZWNyZXQtMzJieXQ=',
    PLANKIT_SMTP_URL: `smtp://127.0.0.1:${nowhere}`,
  });
  await waitForStore(host);
});

test.afterAll(async () => {
  await host?.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

test('a purchase is traced and counted over OTLP, and logged as JSON lines without the buyer', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const buyer = { email: 'otel.buyer@example.com', name: 'Grace Brewster Hopper' };
  await page.goto(`${host.baseURL}/checkout/starter`);
  await expect(page.locator('input[type="hidden"][name="idempotencyKey"]')).not.toHaveValue('');
  await fillDetails(page, buyer);
  await payWith(page, cards.declined);
  await expect(formAlert(page)).toContainText('declined');
  await payWith(page, cards.succeeds);
  await expect(page).toHaveURL(FINISH_URL);

  // The engine's spans, nested in the request's.
  await expect
    .poll(() => spans.some((span) => span.name === 'plankit.settle'), { timeout: 20_000 })
    .toBe(true);
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const submit = spans.find((span) => span.name === 'plankit.checkout.submit');
  const payment = spans.find(
    (span) => span.name === 'plankit.payment' && span.traceId === submit?.traceId,
  );
  expect(payment && byId.get(payment.parentSpanId ?? '')?.name).toBe('plankit.checkout.submit');
  const confirm = spans.find(
    (span) =>
      span.name === 'plankit.provider.confirmIntent' && span.parentSpanId === payment?.spanId,
  );
  expect(confirm).toBeDefined();
  // The submit itself runs inside the Server Action's request span of Next.js.
  expect(submit?.parentSpanId && byId.get(submit.parentSpanId)).toBeTruthy();
  await expect
    .poll(() => metricNames.has('plankit.checkouts.paid'), { timeout: 20_000 })
    .toBe(true);
  expect(metricNames.has('plankit.checkouts.declined')).toBe(true);

  // Deliveries fail (nobody listens): each failure is one JSON line.
  await expect
    .poll(() => host.logs().includes('event delivery failed'), { timeout: 20_000 })
    .toBe(true);
  const lines = host.logs().split('\n');
  const ours = lines.filter((line) => line.includes('[plankit]'));
  expect(ours.length).toBeGreaterThan(0);
  for (const line of ours) {
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: expect.any(String), msg: expect.any(String) });
    expect(entry.time).toEqual(expect.any(String));
  }
  // An entry written while handling a request names it.
  expect(ours.some((line) => /"requestId":"[0-9a-f-]{36}"/.test(line))).toBe(true);
  for (const line of lines) {
    expect(line).not.toContain(buyer.email);
    expect(line).not.toContain('Brewster');
    expect(line).not.toMatch(/4242 ?4242|4000 ?0000 ?0000 ?0002/);
  }
});
