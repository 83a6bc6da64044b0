import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, type IMetricReader, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { AlwaysOffSampler, BatchSpanProcessor, type SpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

export interface TelemetryOptions {
  readonly serviceName: string;
  /** OTLP/HTTP collector base URL; traces and metrics are only exported when it is set. */
  readonly otlpEndpoint?: string | undefined;
}

interface TelemetryState {
  readonly prometheus: PrometheusExporter;
  readonly tracerProvider: TracerProvider;
  readonly meterProvider: MeterProvider;
}

let state: TelemetryState | undefined;

/**
 * Starts tracing and metrics once per process: W3C trace context propagation, spans exported over OTLP when an
 * endpoint is configured, metrics served in Prometheus format at /metrics (and pushed over OTLP if configured).
 * Several services in one process (`make dev`) share it; the first caller names the resource.
 */
export function startTelemetry(options: TelemetryOptions): void {
  if (state) return;
  const resource = resourceFromAttributes({ 'service.name': options.serviceName });
  const spanProcessors: SpanProcessor[] = options.otlpEndpoint
    ? [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${options.otlpEndpoint}/v1/traces` }) })]
    : [];
  // with nowhere to export them, spans are not recorded (no attributes, events or timings kept per event and
  // request on the hot paths); their trace context still propagates through HTTP and Kafka headers
  const tracerProvider = new TracerProvider({
    resource,
    spanProcessors,
    ...(options.otlpEndpoint ? {} : { sampler: new AlwaysOffSampler() }),
  });
  // the active context follows async calls (AsyncLocalStorage); W3C trace context goes out and comes in on headers
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(tracerProvider);

  const prometheus = new PrometheusExporter({ preventServerStart: true });
  const readers: IMetricReader[] = [prometheus];
  if (options.otlpEndpoint) {
    readers.push(
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${options.otlpEndpoint}/v1/metrics` }),
        exportIntervalMillis: 15_000,
      }),
    );
  }
  const meterProvider = new MeterProvider({ resource, readers });
  metrics.setGlobalMeterProvider(meterProvider);
  state = { prometheus, tracerProvider, meterProvider };
}

export async function stopTelemetry(): Promise<void> {
  const current = state;
  state = undefined;
  if (!current) return;
  await Promise.allSettled([current.tracerProvider.shutdown(), current.meterProvider.shutdown()]);
}

/** Serves the Prometheus text format (the `/metrics` route). */
export function serveMetrics(request: IncomingMessage, response: ServerResponse): void {
  if (!state) {
    response.statusCode = 200;
    response.setHeader('content-type', 'text/plain; version=0.0.4');
    response.end('# telemetry not started\n');
    return;
  }
  state.prometheus.getMetricsRequestHandler(request, response);
}
