// Traces and metrics of one purchase, through a real OpenTelemetry SDK with in-memory
// exporters (issue 24, item 4): the spans the engine reports and how they nest, and the
// counters a dashboard would chart. Nothing in them may identify the buyer.
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import {
  databases,
  expectRedirect,
  useEngineHarness,
  visitor,
} from '../test-utils/engineHarness.js';

const spans = new InMemorySpanExporter();
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({
  exporter: metricExporter,
  exportIntervalMillis: 60_000,
});

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }),
  );
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
});

afterAll(async () => {
  await reader.shutdown();
  trace.disable();
  metrics.disable();
  context.disable();
});

/** Every number a counter or histogram recorded, by instrument name and attributes. */
async function recorded(): Promise<Record<string, Array<{ attributes: object; value: unknown }>>> {
  await reader.forceFlush();
  const out: Record<string, Array<{ attributes: object; value: unknown }>> = {};
  for (const resource of metricExporter.getMetrics()) {
    for (const scope of resource.scopeMetrics) {
      for (const metric of scope.metrics) {
        out[metric.descriptor.name] = metric.dataPoints.map((point) => ({
          attributes: point.attributes,
          value: point.value,
        }));
      }
    }
  }
  metricExporter.reset();
  return out;
}

/** A span's name with the names of the spans above it, root first. */
function pathOf(span: ReadableSpan, all: readonly ReadableSpan[]): string[] {
  const byId = new Map(all.map((s) => [s.spanContext().spanId, s]));
  const path = [span.name];
  let parent = span.parentSpanContext?.spanId;
  while (parent) {
    const up = byId.get(parent);
    if (!up) break;
    path.unshift(up.name);
    parent = up.parentSpanContext?.spanId;
  }
  return path;
}

describe.each(databases.filter((d) => !d.postgres))(
  'the telemetry of one purchase, on $name',
  (database) => {
    const h = useEngineHarness(database);

    beforeEach(() => spans.reset());

    it('spans: the submit holds the payment, which holds the provider calls and the settle; deliveries have their own', async () => {
      const { engine } = h.setup();
      engine.on('order.paid', async () => {});
      const post = h.post({ email: 'otel-buyer@example.com', name: 'Grace Hopper' });
      expectRedirect(await engine.submitPlanStep(post, visitor));
      await engine.deliverEvents();

      const all = spans.getFinishedSpans();
      const paths = all.map((span) => pathOf(span, all).join(' > '));
      expect(paths).toContain('plankit.checkout.submit');
      expect(paths).toContain('plankit.checkout.submit > plankit.store.startAttempt');
      expect(paths).toContain('plankit.checkout.submit > plankit.payment');
      expect(paths).toContain(
        'plankit.checkout.submit > plankit.payment > plankit.provider.createIntent',
      );
      expect(paths).toContain(
        'plankit.checkout.submit > plankit.payment > plankit.store.recordIntent',
      );
      expect(paths).toContain(
        'plankit.checkout.submit > plankit.payment > plankit.provider.confirmIntent',
      );
      expect(paths).toContain('plankit.checkout.submit > plankit.payment > plankit.settle');
      expect(paths).toContain(
        'plankit.checkout.submit > plankit.payment > plankit.settle > plankit.store.applyEvent',
      );
      // Deliveries run later (background work): spans of their own, not the checkout's.
      expect(paths).toContain('plankit.event.deliver');

      const submit = all.find((span) => span.name === 'plankit.checkout.submit');
      expect(submit?.attributes).toMatchObject({
        'plankit.provider': 'test',
        'plankit.plan': 'starter',
        'plankit.start': 'created',
      });
      const settle = all.find((span) => span.name === 'plankit.settle');
      expect(settle?.attributes).toMatchObject({
        'plankit.event': 'succeed',
        'plankit.status': 'paid',
      });
      // Ids and plans only: never the buyer.
      const everything = JSON.stringify(
        all.map((span) => [span.name, span.attributes, span.events]),
      );
      expect(everything).not.toContain('otel-buyer');
      expect(everything).not.toContain('Hopper');
      expect(everything).not.toMatch(/4242 ?4242/);
    });

    it('metrics: checkouts started, paid and declined by provider and plan; deliveries and their lag', async () => {
      const labels = { 'plankit.provider': 'test', 'plankit.plan': 'starter' };
      const count = (got: Awaited<ReturnType<typeof recorded>>, name: string) =>
        Number(
          got[name]?.find((p) => JSON.stringify(p.attributes) === JSON.stringify(labels))?.value ??
            0,
        );
      const before = await recorded();
      const { engine } = h.setup();
      engine.on('order.paid', async () => {});
      expectRedirect(await engine.submitPlanStep(h.post(), visitor));
      await engine.submitPlanStep(h.post({ paymentMethod: h.cards.declined }), visitor);
      await engine.deliverEvents();
      const after = await recorded();
      const grew = (name: string) => count(after, name) - count(before, name);
      expect(grew('plankit.checkouts.started')).toBe(2);
      expect(grew('plankit.checkouts.paid')).toBe(1);
      expect(grew('plankit.checkouts.declined')).toBe(1);
      expect(after['plankit.events.delivered']).toContainEqual(
        expect.objectContaining({
          attributes: { 'plankit.channel': 'handlers', 'plankit.event_type': 'order.paid' },
        }),
      );
      expect(after['plankit.events.delivery_lag']?.length).toBeGreaterThan(0);
    });
  },
);
