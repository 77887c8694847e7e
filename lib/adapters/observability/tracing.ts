import { NodeSDK } from '@opentelemetry/sdk-node'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'

const key = Symbol.for('reflexion-studio.tracing')

/**
 * Starts OpenTelemetry tracing for this process when `OTEL_EXPORTER_OTLP_ENDPOINT` is set: spans go
 * to that OTLP/HTTP endpoint (the exporter reads the standard OTEL_* variables itself). Next.js's own
 * request and server-action spans, and each run's trace (RunTracer), use the provider registered here.
 * Returns a shutdown function that flushes what is pending; without the variable, null and nothing runs.
 */
export function startTracing(endpoint: string | undefined, serviceName: string): (() => Promise<void>) | null {
  if (!endpoint) return null
  const holder = globalThis as typeof globalThis & { [key]?: NodeSDK }
  if (!holder[key]) {
    const sdk = new NodeSDK({ serviceName, traceExporter: new OTLPTraceExporter(), instrumentations: [] })
    sdk.start()
    holder[key] = sdk
  }
  const sdk = holder[key]
  return () => sdk.shutdown()
}
