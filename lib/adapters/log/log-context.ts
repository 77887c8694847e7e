import { AsyncLocalStorage } from 'node:async_hooks'

/** What every log line of a piece of work carries: the request, tenant, user and run it belongs to. */
export type LogContext = { requestId?: string; tenantId?: string; userId?: string; runId?: string }

const key = Symbol.for('reflexion-studio.log-context')
type Holder = typeof globalThis & { [key]?: AsyncLocalStorage<LogContext> }

/** One store per process, shared by the custom server and Next's bundles (which load this module apart). */
function storage(): AsyncLocalStorage<LogContext> {
  const holder = globalThis as Holder
  holder[key] ??= new AsyncLocalStorage<LogContext>()
  return holder[key]
}

/** Runs `work` with `context` added to the current one: every log line inside carries it. */
export function runWithLogContext<T>(context: LogContext, work: () => T): T {
  return storage().run({ ...storage().getStore(), ...context }, work)
}

/** Adds fields to the current context, once they are known (the session's tenant and user). */
export function addLogContext(context: LogContext): void {
  const store = storage().getStore()
  if (store) Object.assign(store, context)
}

/** The current context (empty outside any). */
export function currentLogContext(): LogContext {
  return storage().getStore() ?? {}
}
