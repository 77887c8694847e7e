import client from 'prom-client'

/**
 * The process's Prometheus metrics. One registry per process, kept on globalThis: the custom
 * server (worker, queue) and Next's route bundles load this module separately and must share it.
 */
function createMetrics() {
  const registry = new client.Registry()
  client.collectDefaultMetrics({ register: registry, prefix: 'reflexion_process_' })
  const seconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]
  return {
    registry,
    /** Time to append one batch of events to a run's log (one transaction, NOTIFY included). */
    eventAppendSeconds: new client.Histogram({
      name: 'reflexion_event_append_seconds',
      help: 'Time to append a batch of events to a run log',
      buckets: seconds,
      registers: [registry],
    }),
    /** Events appended. */
    eventsAppended: new client.Counter({
      name: 'reflexion_events_appended_total',
      help: 'Events appended to run logs',
      registers: [registry],
    }),
    /** Time of one lesson recall (embedding the query and the scoped search). */
    recallSeconds: new client.Histogram({
      name: 'reflexion_recall_seconds',
      help: 'Time of one lesson recall',
      buckets: seconds,
      registers: [registry],
    }),
    /** Model calls by provider, with their latency and outcome. */
    modelCallSeconds: new client.Histogram({
      name: 'reflexion_model_call_seconds',
      help: 'Latency of model calls',
      labelNames: ['provider', 'outcome'] as const,
      buckets: seconds,
      registers: [registry],
    }),
    /** Failed model calls by provider. */
    modelCallErrors: new client.Counter({
      name: 'reflexion_model_call_errors_total',
      help: 'Model calls that failed',
      labelNames: ['provider'] as const,
      registers: [registry],
    }),
    /** Webhook deliveries by outcome (delivered, failed, retried). */
    webhookDeliveries: new client.Counter({
      name: 'reflexion_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    /** Runs finished by this process's workers, by final status. */
    runsFinished: new client.Counter({
      name: 'reflexion_runs_finished_total',
      help: 'Runs finished by this process, by status',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
  }
}

/** The metrics of this process. */
export type Metrics = ReturnType<typeof createMetrics>

const key = Symbol.for('reflexion-studio.metrics')

/** This process's metrics, created on first use. */
export function metrics(): Metrics {
  const holder = globalThis as typeof globalThis & { [key]?: Metrics }
  holder[key] ??= createMetrics()
  return holder[key]
}

/** Times `work` into a histogram (the outcome label, when the histogram has one, says ok or error). */
export async function timed<T>(observe: (seconds: number, ok: boolean) => void, work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    const result = await work()
    observe((performance.now() - started) / 1000, true)
    return result
  } catch (error) {
    observe((performance.now() - started) / 1000, false)
    throw error
  }
}
