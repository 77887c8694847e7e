import 'server-only'
import { supportAnswerParts } from '../../../../services/support/answer-parts'
import { splitCitations } from '../../../../services/support/chat-parts'
import { supportQuestionSchema } from '../../../../services/support/question-input'
import {
  auditSupport,
  authorizeSupportRun,
  loadSupportReflection,
  supportModelFor,
} from '../../../../services/support/session'
import { defineEndpoint } from '../endpoint'
import { askAnswerSchema, idParams } from '../schemas'
import { jsonResponse } from '../serialize'

/** `POST /api/v1/runs/{id}/ask`: the support agent's whole answer about a run, with the events it cites. */
export const askRunEndpoint = defineEndpoint({
  method: 'post',
  path: '/runs/{id}/ask',
  summary: 'Ask about a run',
  description:
    'The support agent answers from the run’s own log (through Reflection) and cites `#index` for its claims; `citations` lists those indexes. Without a model provider the offline diagnosis answers.',
  tags: ['runs'],
  scope: 'runs:read',
  permission: ['support.console', 'support.askOwn'],
  params: idParams,
  body: supportQuestionSchema.meta({ id: 'AskQuestion' }),
  responses: { '200': { description: 'The answer.', content: { 'application/json': { schema: askAnswerSchema } } } },
  handler: async ({ caller, params, body }) => {
    const run = await authorizeSupportRun(caller, params.id)
    const reflection = await loadSupportReflection(caller, run)
    const chosen = await supportModelFor(caller)
    await auditSupport(caller, 'support.question_asked', run.id, {
      question: body.question,
      mode: chosen ? 'model' : 'offline',
      via: 'api',
    })
    let mode: 'model' | 'offline' = chosen ? 'model' : 'offline'
    let label = ''
    let answer = ''
    const toolCalls: { args: unknown; result: string }[] = []
    for await (const part of supportAnswerParts({
      reflection,
      question: body.question,
      model: chosen?.model ?? null,
      modelLabel: chosen?.label,
      onModelError: (error) =>
        console.error('[api] support model failed, answering offline', error instanceof Error ? error.message : error),
    })) {
      if (part.type === 'start') label = part.label
      else if (part.type === 'fallback') {
        mode = 'offline'
        label = part.label
        answer = ''
        toolCalls.length = 0
      } else if (part.type === 'text') answer += part.delta
      else if (part.type === 'tool-call') toolCalls.push({ args: part.args, result: part.result })
      else if (part.type === 'error') throw new Error(part.message)
    }
    const citations = [
      ...new Set(
        splitCitations(answer).flatMap((piece) =>
          piece.kind === 'citation' && piece.index < reflection.events.length ? [piece.index] : [],
        ),
      ),
    ]
    return jsonResponse({ runId: run.id, mode, label, answer, citations, toolCalls })
  },
})
