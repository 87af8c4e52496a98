// OpenTelemetry for the host (issue 24, item 4): with `OTEL_EXPORTER_OTLP_ENDPOINT` set, the
// process registers a tracer and a meter provider exporting over OTLP/HTTP there, so the
// engine's spans and metrics (`@plankit/checkout` reports through `@opentelemetry/api`) and
// Next.js's own request spans leave the process. Unset, nothing is registered and every span
// is a no-op. The standard variables apply: `OTEL_SERVICE_NAME` (default `plankit-web`),
// `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_BSP_SCHEDULE_DELAY` (spans are sent in batches, every
// 5 s by default) and `OTEL_METRIC_EXPORT_INTERVAL` (metrics, every 60 s by default).
import { metrics } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** The providers this process registered, to flush and shut down with the process. */
export interface Telemetry {
  shutdown(): Promise<void>;
}

/**
 * Registers the OpenTelemetry SDK when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, flushed on
 * SIGTERM; else null.
 */
export function registerTelemetry(): Telemetry | null {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return null;
  const resource = resourceFromAttributes({
    'service.name': process.env.OTEL_SERVICE_NAME?.trim() || 'plankit-web',
  });
  const tracerProvider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Global tracer provider, the AsyncLocalStorage context manager (spans nest across
  // awaits) and W3C trace-context propagation.
  tracerProvider.register();
  const interval = Number(process.env.OTEL_METRIC_EXPORT_INTERVAL);
  const meterProvider = new MeterProvider({
    resource,
    readers: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter(),
        exportIntervalMillis: Number.isFinite(interval) && interval > 0 ? interval : 60_000,
      }),
    ],
  });
  metrics.setGlobalMeterProvider(meterProvider);
  const telemetry: Telemetry = {
    async shutdown() {
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
  // What is still batched goes out when the process is asked to stop: the adapter's SIGTERM
  // drain calls `shutdown` after the store closed (instrumentation.ts passes it).
  return telemetry;
}
