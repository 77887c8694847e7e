import 'server-only'
import { z } from 'zod'
import { defineAction } from '../../boundary/actions/define'
import { RETENTION_DAYS_RANGE } from './retention-policy'
import { setRunRetention } from './retention-service'

const daysMessage = `Enter a whole number of days from ${RETENTION_DAYS_RANGE.min} to ${RETENTION_DAYS_RANGE.max}, or leave it empty to keep runs.`

/** Set or clear the tenant's run retention policy (audited). */
export const retentionForm = defineAction({
  permission: 'settings.manage',
  schema: z.object({
    runRetentionDays: z.preprocess(
      (value) =>
        value === '' || value === null || value === undefined
          ? null
          : typeof value === 'string'
            ? Number(value.trim())
            : value,
      z
        .number({ error: daysMessage })
        .int(daysMessage)
        .min(RETENTION_DAYS_RANGE.min, daysMessage)
        .max(RETENTION_DAYS_RANGE.max, daysMessage)
        .nullable(),
    ),
  }),
  handler: async (input, caller) => {
    await setRunRetention(caller, input.runRetentionDays)
    return { runRetentionDays: input.runRetentionDays }
  },
})
