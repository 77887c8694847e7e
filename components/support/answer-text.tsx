'use client'

import { splitCitations } from '@/lib/support/chat-parts'

/** An answer as plain text, each `#index` of an existing event a link that shows it in the timeline. */
export function AnswerText({ text, total, onCite }: { text: string; total: number; onCite: (index: number) => void }) {
  return (
    <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">
      {splitCitations(text).map((piece, position) =>
        piece.kind === 'citation' && piece.index < total ? (
          <a
            key={position}
            href={`#event-${piece.index}`}
            data-citation={piece.index}
            onClick={(event) => {
              event.preventDefault()
              onCite(piece.index)
            }}
            className="rounded bg-indigo-50 px-0.5 font-mono text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:bg-indigo-100"
          >
            {piece.text}
          </a>
        ) : (
          <span key={position}>{piece.text}</span>
        ),
      )}
    </p>
  )
}
