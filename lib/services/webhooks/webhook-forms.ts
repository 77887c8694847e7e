import { z } from 'zod'

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = ['run.finished', 'run.failed', 'proposal.created'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** Adding an endpoint: an http(s) URL and at least one event. */
export const addWebhookSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2000, 'at most 2,000 characters')
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), 'use an http:// or https:// URL'),
  events: z.preprocess(
    (value) => (value === undefined || value === '' ? [] : [value].flat()),
    z.array(z.enum(WEBHOOK_EVENTS, { error: `use ${WEBHOOK_EVENTS.join(', ')}` })).min(1, 'choose at least one event'),
  ),
  description: z.string().trim().max(200).optional().default(''),
})

/** An endpoint addressed by id (test, remove). */
export const webhookIdSchema = z.object({ endpointId: z.string().min(1).max(100) })
