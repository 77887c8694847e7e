import 'server-only'
import { z } from 'zod'
import { defineAction } from '../../boundary/actions/define'
import { approveProposal, rejectProposal } from '../lessons/proposals'
import { checkboxField, idField, lessonTextField, tagsField, taskKeyField } from './fields'

/** The review queue's forms: approve a member's proposal (possibly edited) or reject it with a reason. */

/**
 * Approve as a shared lesson, with tags and a task key (absent = those of the member's lesson; empty
 * = none); text that still looks like personal data needs `confirmPersonalData` (checked by the service too).
 */
export const approveProposalForm = defineAction({
  permission: 'lessons.curateShared',
  schema: z.object({
    proposalId: idField('proposal'),
    content: lessonTextField,
    tags: tagsField.optional(),
    taskKey: taskKeyField.optional(),
    confirmPersonalData: checkboxField,
  }),
  handler: async (input, caller) => {
    const lesson = await approveProposal(caller, input.proposalId, {
      content: input.content,
      tags: input.tags,
      taskKey: input.taskKey,
      confirmPersonalData: input.confirmPersonalData,
    })
    return { sharedLessonId: lesson.id }
  },
})

/** Reject with a reason of 3–1000 characters, which the proposer sees on /lessons. */
export const rejectProposalForm = defineAction({
  permission: 'lessons.curateShared',
  schema: z.object({
    proposalId: idField('proposal'),
    reason: z
      .string({ error: 'Write a reason.' })
      .trim()
      .min(3, 'Say in a few words why (at least 3 characters): the member sees it.')
      .max(1000, 'Keep the reason under 1,000 characters.'),
  }),
  handler: (input, caller) => rejectProposal(caller, input.proposalId, input.reason),
})
