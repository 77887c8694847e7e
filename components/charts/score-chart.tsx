import { useId } from 'react'

/** One attempt's score (null while it is being scored). */
export type ScorePoint = { attempt: number; score: number | null; passed: boolean | null }

const WIDTH = 320
const HEIGHT = 200
const MARGIN = { top: 18, right: 14, bottom: 34, left: 38 }
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom
const TICKS = [0, 0.25, 0.5, 0.75, 1]
/** Points sit this far inside the plot, so their value labels never run into the axis labels. */
const INSET = 22

const y = (score: number) => MARGIN.top + PLOT_H * (1 - Math.min(Math.max(score, 0), 1))

/**
 * Score per attempt against the threshold: an inline SVG (points joined by a line, a dashed threshold
 * line, labelled axes) with a title and description, and the same figures as a visually hidden table.
 */
export function ScoreChart({
  points,
  threshold,
  maxAttempts,
  finished = false,
}: {
  points: ScorePoint[]
  threshold: number
  maxAttempts: number
  /** The run has ended: an attempt without a score will never get one. */
  finished?: boolean
}) {
  const id = useId()
  const slots = Math.max(maxAttempts, points.length, 1)
  const span = PLOT_W - 2 * INSET
  const x = (attempt: number) => MARGIN.left + INSET + (slots === 1 ? span / 2 : ((attempt - 1) / (slots - 1)) * span)
  const scored = points.filter((point): point is ScorePoint & { score: number } => point.score !== null)
  const description = scored.length
    ? `${scored.map((point) => `attempt ${point.attempt} scored ${point.score.toFixed(2)} (${point.score >= threshold ? 'at or above' : 'below'} the threshold)`).join('; ')}. Threshold ${threshold.toFixed(2)}.`
    : `No attempt has been scored yet. Threshold ${threshold.toFixed(2)}.`
  return (
    <figure className="space-y-2" data-testid="score-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full max-w-md"
      >
        <title id={`${id}-title`}>Score per attempt</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {TICKS.map((tick) => (
          <g key={tick}>
            <line
              x1={MARGIN.left}
              x2={WIDTH - MARGIN.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-200"
              strokeWidth={1}
            />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px]">
              {tick.toFixed(2)}
            </text>
          </g>
        ))}
        {Array.from({ length: slots }, (_, position) => (
          <text
            key={position}
            x={x(position + 1)}
            y={HEIGHT - MARGIN.bottom + 16}
            textAnchor="middle"
            className="fill-slate-500 text-[11px]"
          >
            {position + 1}
          </text>
        ))}
        <text x={MARGIN.left + PLOT_W / 2} y={HEIGHT - 4} textAnchor="middle" className="fill-slate-600 text-[11px]">
          Attempt
        </text>
        <line
          data-testid="threshold-line"
          x1={MARGIN.left}
          x2={WIDTH - MARGIN.right}
          y1={y(threshold)}
          y2={y(threshold)}
          className="stroke-amber-600"
          strokeWidth={1.5}
          strokeDasharray="6 4"
        />
        {/* In the top margin, outside the plot: it never covers a point or its value. */}
        <text
          x={WIDTH - MARGIN.right}
          y={MARGIN.top - 6}
          textAnchor="end"
          className="fill-amber-700 text-[11px] font-medium"
        >
          threshold {threshold.toFixed(2)} (dashed)
        </text>
        {scored.length > 1 ? (
          <polyline
            points={scored.map((point) => `${x(point.attempt)},${y(point.score)}`).join(' ')}
            fill="none"
            className="stroke-indigo-400"
            strokeWidth={2}
          />
        ) : null}
        {scored.map((point) => {
          const passed = point.passed ?? point.score >= threshold
          return (
            <g key={point.attempt} data-testid="score-point" data-attempt={point.attempt} data-score={point.score}>
              <circle
                cx={x(point.attempt)}
                cy={y(point.score)}
                r={6}
                className={passed ? 'fill-emerald-600' : 'fill-red-600'}
                stroke="white"
                strokeWidth={2}
              />
              <text
                x={x(point.attempt)}
                y={y(point.score) + (point.score > 0.85 ? 20 : -11)}
                textAnchor="middle"
                className="fill-slate-800 text-[11px] font-semibold"
              >
                {point.score.toFixed(2)}
              </text>
            </g>
          )
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-600" aria-hidden>
        <span className="inline-flex items-center gap-1">
          <span className="size-2.5 rounded-full bg-emerald-600" /> passed
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="size-2.5 rounded-full bg-red-600" /> below threshold
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="h-0 w-4 border-t-2 border-dashed border-amber-600" /> threshold
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>Score per attempt (threshold {threshold.toFixed(2)})</caption>
        <thead>
          <tr>
            <th scope="col">Attempt</th>
            <th scope="col">Score</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.attempt}>
              <td>{point.attempt}</td>
              <td>
                {point.score === null
                  ? finished
                    ? 'not scored (the run ended first)'
                    : 'not scored yet'
                  : point.score.toFixed(2)}
              </td>
              <td>
                {point.score === null ? '—' : (point.passed ?? point.score >= threshold) ? 'passed' : 'below threshold'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
