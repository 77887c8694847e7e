'use client'

import { type FormEvent, useCallback, useState, useSyncExternalStore } from 'react'
import { Button } from '@/components/ui/button'
import { decodeChatParts, type SupportAnswerMode, type SupportChatPart } from '@/lib/services/support/chat-parts'
import { MAX_HISTORY_QUESTIONS } from '@/lib/services/support/question-input'
import { MAX_QUESTION_CHARS } from '@/lib/services/support/question-input'
import { AnswerText } from './answer-text'
import { type ShownToolCall, ToolCalls } from './tool-calls'

type Exchange = {
  question: string
  mode: SupportAnswerMode | null
  label: string
  text: string
  toolCalls: ShownToolCall[]
  notice: string | null
  state: 'streaming' | 'done' | 'error'
}

function applyPart(exchange: Exchange, part: SupportChatPart): Exchange {
  switch (part.type) {
    case 'start':
      return { ...exchange, mode: part.mode, label: part.label }
    case 'tool-call':
      return { ...exchange, toolCalls: [...exchange.toolCalls, { args: part.args, result: part.result }] }
    case 'text':
      return { ...exchange, text: exchange.text + part.delta }
    case 'fallback':
      return { ...exchange, mode: 'offline', label: part.label, notice: part.reason, text: '', toolCalls: [] }
    case 'done':
      return { ...exchange, state: 'done' }
    case 'error':
      return { ...exchange, state: 'error', notice: part.message }
  }
}

async function refusal(response: Response): Promise<string> {
  if (response.status === 404) return 'This run was not found.'
  if (response.status === 401) return 'Your session has ended: sign in again.'
  const body = (await response.json().catch(() => null)) as { error?: string } | null
  return body?.error ?? 'The question could not be asked. Please try again.'
}

const noSubscription = () => () => {}

/** False in the server's HTML and until hydration, true once the page handles events. */
function useInteractive(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

const OFFLINE_NOTE =
  'Answered by the offline agent (no model is configured): it reads this run’s log step by step and cites each event it used.'

/**
 * The chat with the support agent about one run; answers stream in. `#index` citations open the
 * timeline (`onCite`) or link to the run page (`citationHref`). Earlier questions go with each new
 * one, so "and on attempt 3?" is understood.
 */
export function SupportChat({
  endpoint,
  total,
  onCite,
  citationHref,
}: {
  endpoint: string
  total: number
  onCite?: (index: number) => void
  citationHref?: (index: number) => string
}) {
  const [question, setQuestion] = useState('')
  const [exchanges, setExchanges] = useState<Exchange[]>([])
  const [error, setError] = useState<string | null>(null)
  const busy = exchanges.some((exchange) => exchange.state === 'streaming')
  const interactive = useInteractive()
  // Uncontrolled, so hydration never empties the field: what was typed before the page became interactive
  // stays, and its length is counted once the page takes over.
  const keepTypedText = useCallback((node: HTMLTextAreaElement | null) => {
    if (node?.value) setQuestion(node.value)
  }, [])
  const update = (change: (exchange: Exchange) => Exchange) =>
    setExchanges((all) => [...all.slice(0, -1), change(all[all.length - 1])])

  async function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // From the field itself: text typed before the page became interactive is there but not in state yet.
    const form = event.currentTarget
    const asked = String(new FormData(form).get('question') ?? '').trim()
    if (busy) return
    if (!asked) return setError('Write a question first.')
    setError(null)
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        question: asked,
        history: exchanges.map((exchange) => exchange.question).slice(-MAX_HISTORY_QUESTIONS),
      }),
    }).catch(() => null)
    if (!response || !response.ok || !response.body) {
      setError(response ? await refusal(response) : 'The server could not be reached. Please try again.')
      return
    }
    setQuestion('')
    form.reset()
    setExchanges((all) => [
      ...all,
      { question: asked, mode: null, label: '', text: '', toolCalls: [], notice: null, state: 'streaming' },
    ])
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        const { parts, rest } = decodeChatParts(buffer + value)
        buffer = rest
        for (const part of parts) update((exchange) => applyPart(exchange, part))
      }
      update((exchange) => (exchange.state === 'streaming' ? { ...exchange, state: 'done' } : exchange))
    } catch {
      update((exchange) => ({ ...exchange, state: 'error', notice: 'The answer was cut off. Please ask again.' }))
    }
  }

  return (
    <section aria-label="Ask the support agent" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-1 text-base font-semibold text-slate-900">Ask the support agent</h2>
      <p className="mb-4 text-xs text-slate-500">
        Answers come from this run&apos;s event log only; every #index links to the event it rests on. Follow-up
        questions (&ldquo;and on attempt 3?&rdquo;) use the conversation.
      </p>
      <ol className="mb-4 space-y-4" aria-live="polite">
        {exchanges.map((exchange, position) => (
          <li
            key={position}
            className="space-y-2"
            data-testid="support-exchange"
            data-state={exchange.state}
            data-mode={exchange.mode ?? ''}
          >
            <p className="ml-auto w-fit max-w-full rounded-lg bg-indigo-600 px-3 py-2 text-sm break-words whitespace-pre-wrap text-white">
              {exchange.question}
            </p>
            <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-3" data-testid="support-answer">
              {exchange.label ? (
                <span
                  className={`mb-2 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${exchange.mode === 'offline' ? 'bg-amber-100 text-amber-900' : 'bg-indigo-100 text-indigo-800'}`}
                >
                  {exchange.label}
                </span>
              ) : null}
              {exchange.mode === 'offline' && !exchange.notice ? (
                <p className="mb-2 text-xs text-slate-600" data-testid="offline-note">
                  {OFFLINE_NOTE}
                </p>
              ) : null}
              {exchange.notice ? (
                <p className="mb-2 text-xs text-amber-800" role="status">
                  {exchange.notice}
                </p>
              ) : null}
              {exchange.text ? (
                <AnswerText text={exchange.text} total={total} onCite={onCite} citationHref={citationHref} />
              ) : exchange.state === 'streaming' ? (
                <p className="text-sm text-slate-500">Reading the log…</p>
              ) : null}
              <ToolCalls calls={exchange.toolCalls} />
            </div>
          </li>
        ))}
      </ol>
      <form onSubmit={ask} className="space-y-2">
        <label htmlFor="support-question" className="block text-sm font-medium text-slate-800">
          Your question
        </label>
        <textarea
          id="support-question"
          name="question"
          rows={3}
          maxLength={MAX_QUESTION_CHARS}
          defaultValue=""
          ref={keepTypedText}
          onChange={(event) => setQuestion(event.target.value)}
          placeholder="Why did this run fail?"
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400"
        />
        {error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-slate-500">
            {question.length} / {MAX_QUESTION_CHARS}
          </span>
          <Button type="submit" pending={busy} disabled={!interactive}>
            {busy ? 'Answering…' : 'Ask'}
          </Button>
        </div>
      </form>
    </section>
  )
}
