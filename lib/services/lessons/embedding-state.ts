import 'server-only'
import type { Db } from '../../adapters/db/client'
import type { LessonDb } from './pg-lesson-store'

/** Cuts a provider error to a line an admin can read, with nothing that looks like a key in it. */
export function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message
    .replace(/(sk|key|token)[-_][\w-]{6,}/gi, '[redacted]')
    .replace(/\s+/g, ' ')
    .slice(0, 300)
}

/**
 * Changes the `embedding` key of a tenant's settings in one statement (jsonb, so concurrent writers of
 * other keys are not overwritten): `patch` is merged into it, keys set to null are removed.
 */
export async function patchEmbeddingState(
  prisma: LessonDb | Db,
  tenantId: string,
  patch: Record<string, unknown>,
): Promise<void> {
  await prisma.$executeRawUnsafe(
    `UPDATE tenants SET settings = jsonb_set(settings::jsonb, '{embedding}',
       jsonb_strip_nulls(COALESCE(settings::jsonb -> 'embedding', '{}'::jsonb) || $2::jsonb)) WHERE id = $1`,
    tenantId,
    JSON.stringify(patch),
  )
}

/** Records a provider failure for admins (recall or re-embedding fell back to the offline path). */
export async function recordEmbeddingFailure(
  prisma: LessonDb | Db,
  tenantId: string,
  error: unknown,
  during: 'query' | 'write' | 'reembed',
): Promise<void> {
  console.warn(
    `[lessons] tenant ${tenantId}: embedding provider failed during ${during}; fell back: ${failureText(error)}`,
  )
  await patchEmbeddingState(prisma, tenantId, {
    lastFailure: { at: new Date().toISOString(), during, error: failureText(error) },
  })
}
