// What code instruments with: the OpenTelemetry API only (spans, meters, trace context on headers). It records through
// whatever providers the process registered: none until startTelemetry (telemetry.ts, the SDK) runs at bootstrap, so
// a module that instruments never loads the SDK and its exporters itself.
import {
  context,
  type Context,
  metrics,
  type Meter,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';

export const tracer = (name = 'cs'): Tracer => trace.getTracer(name);
export const meter = (name = 'cs'): Meter => metrics.getMeter(name);

/** Writes the current trace context into a carrier (HTTP or Kafka headers). */
export function injectTraceContext(
  carrier: Record<string, string>,
  from: Context = context.active(),
): Record<string, string> {
  propagation.inject(from, carrier);
  return carrier;
}

/** Reads a trace context from a carrier (HTTP or Kafka headers). */
export function extractTraceContext(carrier: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(context.active(), carrier, {
    get: (headers, key) => {
      const value = headers[key];
      return Array.isArray(value) ? value[0] : value;
    },
    keys: (headers) => Object.keys(headers),
  });
}

/** Runs `fn` in a span (child of `parent` when given), recording errors and ending the span. */
export async function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; parent?: Context; attributes?: Record<string, string | number | boolean> },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes ?? {} },
    parent,
  );
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

export { SpanKind } from '@opentelemetry/api';
