'use client'

import { splitCitations } from '@/lib/services/support/chat-parts'

/** An answer as plain text, each `#index` of an existing event a link: to the timeline (`onCite`) or to `citationHref`. */
export function AnswerText({
  text,
  total,
  onCite,
  citationHref,
}: {
  text: string
  total: number
  onCite?: (index: number) => void
  citationHref?: (index: number) => string
}) {
  return (
    <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">
      {splitCitations(text).map((piece, position) =>
        piece.kind === 'citation' && piece.index < total ? (
          <a
            key={position}
            href={citationHref ? citationHref(piece.index) : `#event-${piece.index}`}
            data-citation={piece.index}
            onClick={(event) => {
              if (!onCite) return
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
