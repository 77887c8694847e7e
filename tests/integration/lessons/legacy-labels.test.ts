// Issue 11, item 9 for data stored before the one label normalisation: lessons tagged `#travel planning`
// or `Travel Planning` (and task keys like `City Walks`) by the old admin form are rewritten by a data
// migration that every migrating path runs once, so the task form's `travel planning` matches them.
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { DATA_MIGRATIONS, runDataMigrations } from '../../../lib/adapters/db/data-migrations'
import { getDatabase, getPrisma } from '../../../lib/adapters/db/client'
import { migrationAdapterFor } from '../../../lib/adapters/db/schema-engine'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { normaliseStoredLessonLabels } from '../../../lib/adapters/db/normalise-stored-labels'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { createSharedLesson } from '../../../lib/services/lessons/queries'
import { taskInputSchema } from '../../../lib/services/runs/task-input'
import { createTenantWithUsers, type TestTenant } from '../helpers'

let tenant: TestTenant
beforeAll(async () => {
  tenant = await createTenantWithUsers()
})

async function migrationFactory() {
  const url = inject('databaseUrl')
  if (url) return migrationAdapterFor(url)
  const { embedded } = await getDatabase()
  return new PrismaPGlite(embedded!)
}

/** A lesson as the old forms stored it: the labels written as typed. */
async function legacyLesson(content: string, tags: string[], taskKey: string | null) {
  const lesson = await createSharedLesson(tenant.admin.caller, { content })
  await (
    await getPrisma()
  ).$executeRaw`
    UPDATE lessons SET tags = ${tags}::text[], task_key = ${taskKey} WHERE id = ${lesson.id}`
  return lesson.id
}

/** What a run submitted from the task form recalls, with why. */
async function recallFromTaskForm(form: { prompt: string; tags: string; taskKey: string }) {
  const task = taskInputSchema.parse(form)
  const store = new PgLessonStore({
    prisma: await getPrisma(),
    tenantId: tenant.id,
    embedder: defaultEmbedder(),
    scope: { taskKey: task.taskKey, tags: task.tags },
  })
  return store.recall({ text: task.prompt, k: 5, userKeys: [tenant.member.id, '*'] })
}

describe('tags and task keys stored before the normaliser', () => {
  it('are matched by the task form once the data migration has run, and the migration runs once', async () => {
    const prisma = await getPrisma()
    const id = await legacyLesson(
      'On a walking tour of Kyoto, leave a free hour between temple visits.',
      ['#travel planning', 'Travel Planning', ' #Ｗａｌｋｉｎｇ '],
      'City Walks',
    )
    const form = {
      prompt: 'Plan a walking tour of Kyoto with three temple visits.',
      tags: 'travel planning',
      taskKey: 'city walks',
    }
    const before = (await recallFromTaskForm(form)).find((lesson) => lesson.id === id)
    expect(before, 'the lesson is recalled on its meaning alone').toBeDefined()
    expect(before!.reason).not.toHaveProperty('tags')
    expect(before!.reason).not.toHaveProperty('taskKey')

    const once = { name: `test_normalise_lesson_labels_${tenant.id}`, run: normaliseStoredLessonLabels }
    expect(await runDataMigrations(await migrationFactory(), [once])).toEqual([once.name])
    expect(await prisma.lesson.findUniqueOrThrow({ where: { id } })).toMatchObject({
      tags: ['travel-planning', 'walking'],
      taskKey: 'city-walks',
    })
    const after = (await recallFromTaskForm(form)).find((lesson) => lesson.id === id)
    expect(after!.reason).toMatchObject({ tags: ['travel-planning'], taskKey: 'city-walks' })

    // Recorded: a second migration pass does not run it again (a label made legacy now stays).
    await prisma.$executeRaw`UPDATE lessons SET tags = ARRAY['Travel Planning'] WHERE id = ${id}`
    expect(await runDataMigrations(await migrationFactory(), [once])).toEqual([])
    expect((await prisma.lesson.findUniqueOrThrow({ where: { id } })).tags).toEqual(['Travel Planning'])
  })

  it('the normalisation is a migration every migrating path has already run on this database', async () => {
    const prisma = await getPrisma()
    for (const { name } of DATA_MIGRATIONS)
      expect(await prisma.dataMigration.findUnique({ where: { name } }), name).not.toBeNull()
    expect(await runDataMigrations(await migrationFactory())).toEqual([])
  })

  it('leaves lessons already normal untouched (their updated_at too) and empty labels become none', async () => {
    const prisma = await getPrisma()
    const normal = await legacyLesson('Book the train a week ahead for a better fare.', ['rail-travel'], 'trains')
    const odd = await legacyLesson('Carry cash for the small temples.', ['#', '  '], '#')
    const stamp = (await prisma.lesson.findUniqueOrThrow({ where: { id: normal } })).updatedAt
    await prisma.$transaction((tx) => normaliseStoredLessonLabels(tx))
    const kept = await prisma.lesson.findUniqueOrThrow({ where: { id: normal } })
    expect(kept).toMatchObject({ tags: ['rail-travel'], taskKey: 'trains', updatedAt: stamp })
    expect(await prisma.lesson.findUniqueOrThrow({ where: { id: odd } })).toMatchObject({ tags: [], taskKey: null })
  })
})
