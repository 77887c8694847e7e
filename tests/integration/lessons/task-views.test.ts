// A task that sets a scene before it asks is compared sentence by sentence too (`taskViews`): the
// lesson about the ask meets its sentence instead of a third of the whole task's vector. Through the
// real PgLessonStore and offline embedder, on PostgreSQL and PGlite, with the 52 lessons a user of
// tests/fixtures/recall/dev-oblique.json sees (the task below missed its lesson before views).
import crypto from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { bothDatabases } from '../helpers'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'

type Fixture = { lessons: { id: string; content: string; user: string }[] }
const fixture: Fixture = JSON.parse(
  readFileSync(path.join(process.cwd(), 'tests/fixtures/recall/dev-oblique.json'), 'utf8'),
)
const readme = 'When writing a README, put the install and run commands on the first screen.'

describe.each(bothDatabases())('recall by the sentences of a task on %s', (_name, database) => {
  it('a task of two sentences reaches the lesson of the one it asks in, and never another user’s', async () => {
    const prisma = await database()
    const tenantId = `c${crypto.randomBytes(12).toString('hex')}`
    await prisma.tenant.create({ data: { id: tenantId, name: 'Task views', slug: tenantId } })
    const store = new PgLessonStore({ prisma, tenantId, embedder: defaultEmbedder() })
    for (const lesson of fixture.lessons)
      await store.put({ content: lesson.content, metadata: { user_id: lesson.user } })
    const recalled = await store.recall({
      text: 'Newcomers struggle to set up this repo; fix the docs landing page.',
      k: 5,
      userKeys: ['ada', '*'],
    })
    expect(recalled.map((lesson) => lesson.content)).toContain(readme)
    expect(recalled.every((lesson) => ['ada', '*'].includes(lesson.userKey))).toBe(true)
    expect(new Set(recalled.map((lesson) => lesson.normalized)).size).toBe(recalled.length)
    // A one-sentence unrelated question still recalls nothing.
    expect(await store.recall({ text: 'What is the chemical symbol for gold?', k: 5, userKeys: ['ada', '*'] })).toEqual(
      [],
    )
  }, 120_000)
})
