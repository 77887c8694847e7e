import 'server-only'
/**
 * `POST /api/support/runs/{id}/chat`: authorise, validate the question, audit it, and stream the
 * answer as NDJSON chat parts. Another tenant's run, or another member's, is a 404 with no body,
 * decided before the log is read or any model is called.
 */
import { logger } from '../../adapters/log'
import type { Caller } from '../auth/caller'
import { can } from '../auth/permissions'
import { AppError } from '../../errors'
import { supportAnswerParts } from './answer-parts'
import { consumeSupportQuestion } from '../rate-limit/usage-rates'
import { encodeChatPart } from './chat-parts'
import { BODY_TOO_LARGE, MAX_CHAT_BODY_BYTES, parseSupportQuestion } from './question-input'
import {
  auditSupport,
  authorizeSupportRun,
  loadSupportReflection,
  supportModelFor,
  type SupportModel,
  tenantPeopleNames,
} from './session'

const log = logger().child({ component: 'support' })

/** What the route may replace in tests: how the tenant's model is chosen. */
export type SupportChatDependencies = { chooseModel?: (caller: Caller) => Promise<SupportModel> }

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  })

/** Reads at most `limit` bytes of a body; null when it is larger. */
export async function readBoundedBody(request: Request, limit = MAX_CHAT_BODY_BYTES): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) return null
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Handles one chat request end to end; a run the caller may not ask about is notFound(), before the body is read. */
export async function supportChatResponse(
  caller: Caller,
  runId: string,
  request: Request,
  dependencies: SupportChatDependencies = {},
): Promise<Response> {
  if (!can(caller.role, 'support.console') && !can(caller.role, 'support.askOwn'))
    throw new AppError('not_found', 'Not found')
  const body = await readBoundedBody(request)
  if (body === null) return json(400, { error: BODY_TOO_LARGE })
  const parsed = parseSupportQuestion(body)
  if (!parsed.ok) return json(400, { error: parsed.error })
  const run = await authorizeSupportRun(caller, runId)
  const limited = await consumeSupportQuestion(caller).then(
    () => null,
    (error: unknown) =>
      error instanceof AppError && error.code === 'rate_limited' ? error.message : Promise.reject(error),
  )
  if (limited) return json(429, { error: limited })
  // Independent reads in parallel: the log (with the tenant's redaction), the model, the names.
  const [reflection, chosen, names] = await Promise.all([
    loadSupportReflection(caller, run),
    (dependencies.chooseModel ?? supportModelFor)(caller),
    tenantPeopleNames(caller),
  ])
  await auditSupport(caller, 'support.question_asked', run.id, {
    question: parsed.question,
    mode: chosen ? 'model' : 'offline',
  })
  const parts = supportAnswerParts({
    reflection,
    question: parsed.question,
    history: parsed.history,
    names,
    showWork: can(caller.role, 'support.console'),
    model: chosen?.model ?? null,
    modelLabel: chosen?.label,
    onModelError: (error) => log.error({ err: error }, 'model failed, answering offline'),
  })
  const encoder = new TextEncoder()
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await parts.next()
        if (next.done) return controller.close()
        controller.enqueue(encoder.encode(encodeChatPart(next.value)))
      } catch (error) {
        log.error({ err: error }, 'answer failed')
        controller.enqueue(
          encoder.encode(
            encodeChatPart({ type: 'error', message: 'The answer could not be completed. Please try again.' }),
          ),
        )
        controller.close()
      }
    },
    async cancel() {
      await parts.return(undefined)
    },
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  })
}
