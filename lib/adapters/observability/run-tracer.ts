import { context, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api'

/** What the tracer reads of an event: its type, time and payload fields (read defensively: logs evolve). */
export type TracedEvent = { type: string; at: string; fields: Record<string, unknown> }

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/** `openai:gpt-4.1-mini` → provider `openai`, model `gpt-4.1-mini`; a label without a prefix has no provider. */
function providerAndModel(label: string | undefined): { provider?: string; model?: string } {
  if (!label) return {}
  const colon = label.indexOf(':')
  return colon > 0 ? { provider: label.slice(0, colon), model: label.slice(colon + 1) } : { model: label }
}

/**
 * Turns one run's event stream into an OpenTelemetry trace, following the GenAI semantic conventions:
 * the run is an `invoke_agent` span; each attempt a child; model calls `chat {model}` spans, tool calls
 * `execute_tool {name}` spans, and recall, evaluation, reflection and lesson persistence spans under
 * their attempt. Spans take their times from the events (a step starts when the previous event was
 * recorded, or `latencyMs` before its own), so the trace shows what the log shows. With no tracer
 * provider registered every call is a no-op.
 */
export class RunTracer {
  private readonly root: Span
  private attempt: Span | null = null
  private readonly tools = new Map<string, Span>()
  private previousAt: Date
  private ended = false

  constructor(
    run: { runId: string; tenantId: string; startedAt?: Date },
    private readonly tracer: Tracer = trace.getTracer('reflexion-studio'),
  ) {
    this.previousAt = run.startedAt ?? new Date()
    this.root = tracer.startSpan('invoke_agent reflexion', {
      startTime: this.previousAt,
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': 'reflexion',
        'reflexion.run.id': run.runId,
        'reflexion.tenant.id': run.tenantId,
      },
    })
  }

  private child(parent: Span, name: string, start: Date, attributes: Attributes) {
    return this.tracer.startSpan(name, { startTime: start, attributes }, trace.setSpan(context.active(), parent))
  }

  private step(name: string, at: Date, attributes: Attributes, error?: string) {
    const span = this.child(this.attempt ?? this.root, name, this.previousAt, attributes)
    if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: error })
    span.end(at)
  }

  /** Records one event of the run. */
  observe(event: TracedEvent): void {
    const at = new Date(event.at)
    if (Number.isNaN(at.getTime())) return
    const fields = event.fields
    const attemptNumber = count(fields.attempt)
    switch (event.type) {
      case 'reflexion.attempt_started':
        this.attempt?.end(at)
        this.attempt = this.child(this.root, `attempt ${attemptNumber ?? '?'}`, at, {
          'reflexion.attempt': attemptNumber ?? 0,
        })
        break
      case 'reflexion.lessons_recalled': {
        const lessons = Array.isArray(fields.lessons) ? fields.lessons.length : 0
        this.step('recall lessons', at, { 'reflexion.lessons.count': lessons })
        break
      }
      case 'agent.model_called': {
        const { provider, model } = providerAndModel(text(fields.model))
        const usage = (fields.usage ?? {}) as Record<string, unknown>
        const latency = count(fields.latencyMs)
        const start = latency !== undefined ? new Date(at.getTime() - latency) : this.previousAt
        const span = this.child(this.attempt ?? this.root, `chat ${model ?? 'model'}`, start, {
          'gen_ai.operation.name': 'chat',
          ...(provider && { 'gen_ai.provider.name': provider }),
          ...(model && { 'gen_ai.request.model': model }),
          ...(count(usage.inputTokens) !== undefined && { 'gen_ai.usage.input_tokens': count(usage.inputTokens)! }),
          ...(count(usage.outputTokens) !== undefined && { 'gen_ai.usage.output_tokens': count(usage.outputTokens)! }),
          ...(text(fields.finishReason) && { 'gen_ai.response.finish_reasons': [text(fields.finishReason)!] }),
          ...(text(fields.role) && { 'reflexion.model.role': text(fields.role)! }),
        })
        if (fields.failed === true) span.setStatus({ code: SpanStatusCode.ERROR, message: text(fields.error) })
        span.end(at)
        break
      }
      case 'agent.tool_called': {
        const name = text(fields.toolName) ?? text(fields.tool) ?? 'tool'
        const id = text(fields.toolCallId) ?? name
        this.tools.set(
          id,
          this.child(this.attempt ?? this.root, `execute_tool ${name}`, at, {
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.name': name,
            'gen_ai.tool.call.id': id,
          }),
        )
        break
      }
      case 'agent.tool_returned': {
        const id = text(fields.toolCallId) ?? text(fields.toolName) ?? text(fields.tool) ?? 'tool'
        const span = this.tools.get(id)
        if (!span) break
        this.tools.delete(id)
        if (fields.error !== undefined && fields.error !== null && fields.error !== false)
          span.setStatus({ code: SpanStatusCode.ERROR, message: text(fields.error) })
        span.end(at)
        break
      }
      case 'reflexion.evaluated':
        this.step('evaluate', at, {
          ...(count(fields.score) !== undefined && { 'reflexion.score': count(fields.score)! }),
          ...(count(fields.threshold) !== undefined && { 'reflexion.threshold': count(fields.threshold)! }),
        })
        break
      case 'reflexion.lesson_produced':
        this.step('reflect', at, {})
        break
      case 'reflexion.lesson_persisted':
        this.step('persist lesson', at, {})
        break
      case 'run.handler_raised':
        this.step('error', at, { 'error.type': text(fields.handler) ?? 'handler' }, text(fields.error) ?? 'error')
        break
      case 'run.finished':
      case 'run.interrupted':
        this.finish(at, text(fields.status) ?? text(fields.reason))
        break
    }
    this.previousAt = at
  }

  /** Ends every open span; a status other than `succeeded` marks the run span as an error. */
  finish(at: Date = new Date(), status?: string): void {
    if (this.ended) return
    this.ended = true
    for (const span of this.tools.values()) span.end(at)
    this.tools.clear()
    this.attempt?.end(at)
    this.attempt = null
    if (status) {
      this.root.setAttribute('reflexion.run.status', status)
      if (status !== 'succeeded') this.root.setStatus({ code: SpanStatusCode.ERROR, message: status })
    }
    this.root.end(at)
  }
}
