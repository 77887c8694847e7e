import type { Metadata } from 'next'
import { EFFECT_SORTS, EffectTable, sortEffects, type EffectSort } from '@/components/admin/effect-table'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { ExperimentVerdicts } from '@/components/experiments/experiment-verdicts'
import { lessonVerdicts } from '@/lib/services/experiments/lesson-verdicts'
import { requirePageAccess } from '@/lib/services/auth/session'
import { feedbackCountsPerLesson } from '@/lib/services/feedback/feedback-queries'
import { EFFECT_MIN_RUNS, EFFECT_WORSE_GAP, sharedLessonEffect } from '@/lib/services/lessons/lesson-outcomes'
import { retireSharedLessonAction } from '../lessons/actions'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Lesson effect' }

export default async function EffectPage({ searchParams }: { searchParams: Promise<{ sort?: string; dir?: string }> }) {
  const caller = await requirePageAccess('lessons.curateShared')
  const params = await searchParams
  const sort: EffectSort = params.sort && params.sort in EFFECT_SORTS ? (params.sort as EffectSort) : 'recalled'
  const direction = params.dir === 'asc' ? 'asc' : 'desc'
  const effects = sortEffects(await sharedLessonEffect(caller), sort, direction)
  const worse = effects.filter((effect) => effect.worse).length
  const verdicts = [...(await lessonVerdicts(caller)).values()]
  const leftOut = effects.reduce((total, effect) => total + effect.excluded.recalling, 0)
  const feedback = await feedbackCountsPerLesson(caller)
  return (
    <div className="space-y-6">
      <PageHeader
        title="Lesson effect"
        description="Do shared lessons help? Experiments answer first; what happened in everyday runs comes second."
      />
      <ExperimentVerdicts
        retireAction={retireSharedLessonAction}
        verdicts={verdicts}
        lessons={
          new Map(effects.map((effect) => [effect.lessonId, { content: effect.content, status: effect.status }]))
        }
      />
      <Card>
        <h2 className="text-sm font-semibold text-slate-900">How runs are compared</h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="comparable-definition">
          <strong>Recalling runs</strong>: finished runs (passed, failed or interrupted; cancelled runs are left out) in
          this organisation that had the lesson in front of at least one attempt. <strong>Comparable runs</strong>:
          finished runs of this organisation, started after the lesson was created, graded by the same kind of evaluator
          as the recalling runs (LLM judge, JSON schema, exact, regex or contains), that did not recall it. A lesson is
          flagged <strong>worse</strong> when both groups have at least {EFFECT_MIN_RUNS} runs and the recalling runs
          pass more than {Math.round(EFFECT_WORSE_GAP * 100)} points less often. Few runs mean little: read the counts.
          Runs interrupted by infrastructure (provider error, model configuration, lost worker) or cancelled count on
          neither side (“left out”; {leftOut} recalling run{leftOut === 1 ? '' : 's'} here), and experiments’ runs are
          not observations. These are correlations, not causes: to know, test a lesson.
        </p>
      </Card>
      <Card
        title={`Observed in everyday runs: shared lessons (${effects.length})${worse ? ` · ${worse} flagged worse` : ''}`}
      >
        {effects.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="no-effect">
            No shared lessons yet, so nothing to compare. <TextLink href="/admin/lessons">Create one</TextLink> or
            approve a proposal.
          </p>
        ) : (
          <EffectTable effects={effects} sort={sort} direction={direction} />
        )}
      </Card>
      <Card title="People's ratings of runs that recalled each lesson">
        <ul className="space-y-1 text-sm" data-testid="lesson-feedback">
          {effects.map((effect) => {
            const counts = feedback.get(effect.lessonId) ?? { up: 0, down: 0 }
            return (
              <li key={effect.lessonId} className="flex justify-between gap-3">
                <span className="min-w-0 truncate text-slate-800">{effect.content}</span>
                <span className="shrink-0 text-slate-700 tabular-nums">
                  👍 {counts.up} · 👎 {counts.down}
                </span>
              </li>
            )
          })}
        </ul>
      </Card>
    </div>
  )
}
