import pino, { type DestinationStream, type Level, type Logger } from 'pino'
import { env } from '../env'
import { createRedactor, redactValue } from '../reflection/redact'

export type { Logger }

/** Secrets (keys, tokens, connection-string passwords) and e-mail addresses are masked in every line. */
const redactor = createRedactor()
const redactText = (text: string) => redactor.redactText(text)

/** An error as a log field, its message and stack masked like any other text. */
function errorField(error: Error): Record<string, unknown> {
  const serialized = pino.stdSerializers.err(error)
  return {
    ...serialized,
    message: redactText(serialized.message ?? ''),
    ...(serialized.stack && { stack: redactText(serialized.stack) }),
  }
}

/**
 * A logger writing JSON lines at `level` to `destination` (stdout by default). Every field and
 * message goes through the Reflection redactor, so a provider error that echoes a key, or a field
 * named like a secret, is masked before it is written.
 */
export function createLogger(options: { level: Level; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      serializers: { err: errorField, error: errorField },
      // Errors are left to their serializer (their message and stack are not enumerable fields).
      formatters: {
        log: (object) =>
          Object.fromEntries(
            Object.entries(object).map(([key, value]) => [
              key,
              value instanceof Error ? value : redactValue(value, redactor, key),
            ]),
          ),
      },
      hooks: {
        logMethod(args, method) {
          const [first, ...rest] = args
          // `log.error(error)`: pino would print the raw message as the line's msg; it is masked here.
          const leading =
            first instanceof Error ? [{ err: first }, ...(rest.length > 0 ? [] : [first.message])] : [first]
          const masked = [...leading, ...rest].map((arg) => (typeof arg === 'string' ? redactText(arg) : arg))
          method.apply(this, masked as Parameters<typeof method>)
        },
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  )
}

/** The server's logger, at `LOG_LEVEL` (debug, info, warn, error). */
export const logger: Logger = createLogger({ level: env.LOG_LEVEL })

/**
 * A child logger for one part of the server (`runs`, `support`, `queue`…), its context masked like
 * every field; ops may add request, tenant or run context. `parent` defaults to the server's logger.
 */
export function loggerFor(component: string, context: Record<string, unknown> = {}, parent: Logger = logger): Logger {
  return parent.child(redactValue({ component, ...context }, redactor) as Record<string, unknown>)
}
