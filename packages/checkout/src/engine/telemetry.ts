// The engine's traces and metrics, through `@opentelemetry/api` (issue 24, item 4): a no-op
// until the host registers an OpenTelemetry SDK (apps/web does when
// OTEL_EXPORTER_OTLP_ENDPOINT is set), so the package never needs one. Attributes carry ids,
// plans and providers only: never an email, a name or card data.
import {
  type Attributes,
  type Counter,
  type Histogram,
  metrics,
  type Span,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/** The instrumentation scope every span and instrument of the package reports under. */
export const INSTRUMENTATION_SCOPE = '@plankit/checkout';

const tracer = () => trace.getTracer(INSTRUMENTATION_SCOPE);

/**
 * Runs `work` in a span named `name` (a child of the span active now), ending it when the
 * work settles; an error marks the span failed and is rethrown as it is.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.name ?? 'error' });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The package's counters and histogram, made on first use from the meter provider then registered. */
interface Instruments {
  checkoutsStarted: Counter;
  checkoutsPaid: Counter;
  checkoutsDeclined: Counter;
  checkoutsFailed: Counter;
  deliveries: Counter;
  deliveryFailures: Counter;
  deliveryLag: Histogram;
}

let instruments: Instruments | null = null;
let madeWith: unknown = null;

/**
 * The instruments of the meter provider registered now. `@opentelemetry/api` has no proxy
 * for meters, so instruments made before a host registered its SDK would stay no-ops: they
 * are made again when the provider changes.
 */
export function engineMetrics(): Instruments {
  const provider = metrics.getMeterProvider();
  if (instruments && madeWith === provider) return instruments;
  const meter = provider.getMeter(INSTRUMENTATION_SCOPE);
  madeWith = provider;
  instruments = {
    checkoutsStarted: meter.createCounter('plankit.checkouts.started', {
      description: 'Payment attempts started (a new checkout or a retry), by provider and plan',
    }),
    checkoutsPaid: meter.createCounter('plankit.checkouts.paid', {
      description: 'Checkouts paid or trials started, by provider and plan',
    }),
    checkoutsDeclined: meter.createCounter('plankit.checkouts.declined', {
      description: 'Payments the processor declined, by provider and plan',
    }),
    checkoutsFailed: meter.createCounter('plankit.checkouts.failed', {
      description: 'Payments that failed otherwise (refused before the processor, canceled)',
    }),
    deliveries: meter.createCounter('plankit.events.delivered', {
      description: 'Event deliveries that succeeded, by channel and event type',
    }),
    deliveryFailures: meter.createCounter('plankit.events.delivery_failures', {
      description: 'Event delivery attempts that failed (and are retried), by channel and type',
    }),
    deliveryLag: meter.createHistogram('plankit.events.delivery_lag', {
      description: 'Time from an event being committed to its delivery',
      unit: 'ms',
    }),
  };
  return instruments;
}
