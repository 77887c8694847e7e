import { ActionButton } from '@/components/admin/action-button'
import { Card } from '@/components/ui/card'
import type { ServerAction } from '@/lib/boundary/actions/action'
import { EditLessonForm } from './edit-lesson-form'

/** The lessons monotonic-mode runs keep in the member's memory block: every later run reads all of them. */
export function MemoryLessonsCard<Edit, Remove>({
  lessons,
  actions,
}: {
  lessons: string[]
  /** The page's server actions for a memory line. */
  actions: { edit: ServerAction<Edit>; remove: ServerAction<Remove> }
}) {
  return (
    <Card title={`Kept in memory (${lessons.length})`}>
      <p className="mb-3 text-sm text-slate-600">
        Runs in monotonic mode keep their lessons here, one per line, and every later monotonic run reads them all
        (oldest dropped first when the list is full).
      </p>
      {lessons.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="no-memory-lessons">
          No lessons in memory yet.
        </p>
      ) : (
        <ul className="-my-2 divide-y divide-slate-100" data-testid="memory-lessons">
          {lessons.map((lesson, position) => (
            <li key={lesson} className="space-y-2 py-3" data-testid="memory-lesson">
              <p className="text-sm text-slate-900">{lesson}</p>
              <div className="flex flex-wrap items-start gap-2">
                <EditLessonForm
                  lessonId={`memory-${position}`}
                  content={lesson}
                  action={actions.edit}
                  fields={{ original: lesson }}
                />
                <ActionButton
                  action={actions.remove}
                  fields={{ original: lesson }}
                  label="Delete"
                  pendingLabel="Deleting…"
                  variant="danger"
                  testId="delete-memory-lesson"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
