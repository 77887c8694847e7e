import { format } from 'node:util'
import pino, { type DestinationStream, type Logger } from 'pino'
import { env } from '../../env'
import { createRedactor, redactValue } from '../../core/reflection/redact'
import { currentLogContext } from './log-context'

/** Secrets (keys, tokens, credentials in URLs, sensitive field names) are masked on every line; e-mails are kept. */
const redactor = createRedactor({ emails: false })

/**
 * A JSON-lines logger: level from LOG_LEVEL, the current request, tenant, user and run on every line,
 * secrets masked in the message and in every field. `destination` is for tests.
 */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      mixin: () => ({ ...currentLogContext() }),
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redactValue(object, redactor) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          // Messages are redacted too; format them first so %s arguments are covered.
          const [first, ...rest] = args
          if (typeof first === 'string') return method.call(this, redactor.redactText(format(first, ...rest)))
          if (typeof rest[0] === 'string') {
            const [message, ...values] = rest as [string, ...unknown[]]
            return method.call(this, first as object, redactor.redactText(format(message, ...values)))
          }
          return method.apply(this, args as Parameters<typeof method>)
        },
      },
    },
    options.destination,
  )
}

/**
 * For a person at a terminal: `HH:MM:SS level message  key=value…` instead of JSON (a log collector
 * reads stdout through a pipe, so it still gets JSON lines).
 */
export function readableLines(write: (text: string) => void = (text) => process.stdout.write(text)): DestinationStream {
  return {
    write(line: string) {
      const { time, level, msg, pid: _pid, ...rest } = JSON.parse(line) as Record<string, unknown>
      const fields = Object.entries(rest)
        .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join(' ')
      write(`${String(time).slice(11, 19)} ${String(level).padEnd(5)} ${msg ?? ''}${fields ? `  ${fields}` : ''}\n`)
    },
  }
}

const key = Symbol.for('reflexion-studio.logger')

/** This process's logger (one per process, shared with Next's bundles): JSON lines, readable on a terminal. */
export function logger(): Logger {
  const holder = globalThis as typeof globalThis & { [key]?: Logger }
  holder[key] ??= createLogger({
    level: env.LOG_LEVEL,
    destination: process.stdout.isTTY ? readableLines() : undefined,
  })
  return holder[key]
}

/**
 * Sends `console.*` of the whole process through the logger, so every line of every module (and of
 * libraries) is structured, leveled and redacted. The server and the worker call it at start.
 */
export function routeConsoleToLogger(target: Logger = logger()): void {
  const write =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error)
      const text = format(...args.map((arg) => (arg instanceof Error ? arg.message : arg)))
      if (error) target[level]({ error: { type: error.name, message: error.message, stack: error.stack } }, text)
      else target[level](text)
    }
  console.debug = write('debug')
  console.log = write('info')
  console.info = write('info')
  console.warn = write('warn')
  console.error = write('error')
}
