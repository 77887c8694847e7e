import { z } from 'zod'
import { DEFAULT_RECALL_FLOOR } from './recall-ranking'

/** The offline default embedding model's name in settings. */
export const OFFLINE_EMBEDDING_MODEL = 'offline'

/** An embedding model setting: `offline`, `openai:<model>` or `compatible:<model>`. */
export const embeddingModelField = z
  .string()
  .trim()
  .max(200)
  .regex(
    /^(offline|(openai|compatible):[\w./:@-]+)$/,
    "Use 'offline', 'openai:<model>' (e.g. openai:text-embedding-3-small) or 'compatible:<model>'.",
  )

const failure = z.object({ at: z.string(), during: z.enum(['query', 'write', 'reembed']), error: z.string() })

/** The lesson-recall keys of a tenant's settings JSON (other keys belong to other features). */
export const recallSettingsSchema = z.object({
  /** The relevance floor: a lesson less similar than this to the task is not recalled. */
  recallFloor: z.number().min(0).max(1).optional().catch(undefined),
  embedding: z
    .object({
      /** The model recall uses now: every active lesson has a vector from it (or is being repaired). */
      active: embeddingModelField.catch(OFFLINE_EMBEDDING_MODEL),
      /** The model an admin chose, while the lessons are re-embedded with it in the background. */
      pending: z
        .object({ model: embeddingModelField, done: z.number().int(), total: z.number().int(), startedAt: z.string() })
        .optional()
        .catch(undefined),
      /** The last provider failure (recall or re-embedding fell back), shown to admins. */
      lastFailure: failure.optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
})

/** What a tenant's settings say about recall. */
export type RecallSettings = {
  floor: number
  activeModel: string
  pending: { model: string; done: number; total: number; startedAt: string } | null
  lastFailure: z.infer<typeof failure> | null
}

/** Reads the recall settings out of a tenant's settings JSON, ignoring what does not parse. */
export function readRecallSettings(settings: unknown): RecallSettings {
  const parsed = recallSettingsSchema.safeParse(settings && typeof settings === 'object' ? settings : {})
  const data = parsed.success ? parsed.data : {}
  return {
    floor: data.recallFloor ?? DEFAULT_RECALL_FLOOR,
    activeModel: data.embedding?.active ?? OFFLINE_EMBEDDING_MODEL,
    pending: data.embedding?.pending ?? null,
    lastFailure: data.embedding?.lastFailure ?? null,
  }
}
