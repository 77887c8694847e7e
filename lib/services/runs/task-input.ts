import { z } from 'zod'
import { tagsSchema, taskKeySchema } from '../../core/reflexion/lesson-labels'
import { evaluatorConfigSchema } from '../../core/reflexion/evaluator-config'

/** A named Supervisor worker: its name (a tool-safe identifier) and its instructions. */
export const workerInputSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,48}$/, 'use 1–48 letters, digits, "_" or "-"'),
  instructions: z.string().trim().min(1, 'say what this worker does').max(4000),
})

const modelString = z
  .string()
  .trim()
  .max(200)
  .regex(
    /^$|^(openai|anthropic|compatible|demo):.+$/,
    "use 'openai:<model>', 'anthropic:<model>', 'compatible:<model>' or leave empty for the default",
  )
  .optional()

/**
 * A task as a member submits it: the prompt, the evaluator, the Reflexion settings, the base
 * architecture and the models. Empty model strings mean the tenant default or the offline demo model.
 */
export const taskInputSchema = z
  .object({
    prompt: z.string().trim().min(1, 'write the task').max(20_000, 'at most 20,000 characters'),
    title: z.string().trim().max(200).optional(),
    /** Lessons with the same task key are recalled first (and lessons this run writes carry it). */
    taskKey: taskKeySchema.transform((key) => key ?? undefined),
    /** Lessons sharing a tag are recalled first (and lessons this run writes carry the tags). */
    tags: tagsSchema,
    evaluator: evaluatorConfigSchema.default({ kind: 'llm' }),
    reflexion: z
      .object({
        maxAttempts: z.number().int().min(1).max(10).default(3),
        threshold: z.number().min(0).max(1).default(0.8),
        lessonMode: z.enum(['monotonic', 'selective']).default('selective'),
        topKLessons: z.number().int().min(1).max(20).default(5),
        maxLessons: z.number().int().min(1).max(100).default(10),
        lessonAfterFinalFailure: z.boolean().default(false),
      })
      .prefault({}),
    architecture: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('react') }),
        z.object({
          kind: z.literal('supervisor'),
          workers: z
            .array(workerInputSchema)
            .min(1, 'name at least one worker')
            .max(8)
            .refine(
              (workers) => new Set(workers.map((worker) => worker.name)).size === workers.length,
              'worker names must be unique',
            ),
        }),
      ])
      .default({ kind: 'react' }),
    models: z.object({ agent: modelString, evaluator: modelString, reflector: modelString }).prefault({}),
    maxTurns: z.number().int().min(1).max(50).default(8),
    /** Tools of the tenant the agent may call (checked against the enabled tools at submission and again at execution). */
    tools: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a tool name: letters, digits, "_" or "-"'))
      .max(16, 'choose at most 16 tools')
      .default([])
      .transform((tools) => [...new Set(tools)]),
  })
  .strict()

/** A validated task (defaults filled in). */
export type TaskInput = z.infer<typeof taskInputSchema>

/** A task as a form or API sends it (defaults optional). */
export type TaskInputDraft = z.input<typeof taskInputSchema>
