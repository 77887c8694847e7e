// How each tenant server action is called in tests: its Next-free definition (the one the action()
// wrapper runs) and a valid input that addresses a target id. Shared by the isolation matrix and the
// hostile-input tests.
import crypto from 'node:crypto'
import type { ActionDefinition } from '../../lib/boundary/actions/define'
import {
  memberQuotaForm,
  modelSettingsForm,
  recallSettingsForm,
  removeProviderKeyForm,
  saveProviderKeyForm,
  tenantQuotaForm,
} from '../../lib/services/admin/settings-forms'
import { createApiKeyForm, revokeApiKeyForm } from '../../lib/services/api-keys/forms'
import { addWebhookForm, removeWebhookForm, testWebhookForm } from '../../lib/services/webhooks/forms'
import {
  deleteMemoryLessonForm,
  deleteMyLessonForm,
  editMemoryLessonForm,
  proposeLessonForm,
  updateMyLessonForm,
} from '../../lib/services/curation/lesson-forms'
import { approveProposalForm, rejectProposalForm } from '../../lib/services/curation/review-forms'
import {
  createSharedLessonForm,
  restoreSharedLessonForm,
  retireSharedLessonForm,
  updateSharedLessonForm,
} from '../../lib/services/curation/shared-lesson-forms'
import {
  changeRoleForm,
  inviteMemberForm,
  removeMemberForm,
  revokeInvitationForm,
} from '../../lib/services/tenants/forms'
import { retentionForm } from '../../lib/services/retention/forms'
import { ssoSettingsForm } from '../../lib/services/sso/forms'
import { cancelRunForm, submitTaskForm } from '../../lib/services/runs/forms'
import { feedbackForm } from '../../lib/services/feedback/forms'
import { scenarioTask } from '../integration/runs/run-helpers'
import { marker } from './isolation-fixtures'
import {
  addDatasetItemForm,
  addRunsToDatasetForm,
  cancelExperimentForm,
  createDatasetForm,
  removeDatasetItemForm,
  startExperimentForm,
  testLessonForm,
  uploadDatasetItemsForm,
} from '../../lib/services/experiments/forms'
import {
  addMcpServerForm,
  checkMcpServerForm,
  checkOperatorServerForm,
  httpFetchHostsForm,
  removeMcpServerForm,
  setToolEnabledForm,
} from '../../lib/services/tools/tool-forms'
import { OPERATOR_SERVER_NAME, useTestToolNetwork } from './tool-fixtures'

// Servers the matrix adds point at port 1 of loopback (refused at once); the operator's server is the test stdio server.
useTestToolNetwork()

/** A tenant action's definition, typed loosely so one table holds them all. */
export type TenantDefinition = ActionDefinition<never, unknown>
/** How each tenant action is called: its definition and the input that addresses a target id. */
export const DEFINITIONS: Record<
  string,
  { definition: TenantDefinition; input: (targetId: string) => Record<string, unknown> }
> = {
  'app/settings/api-keys/actions.ts#createApiKeyAction': {
    definition: createApiKeyForm as never,
    input: () => ({ name: `Key ${marker('key')}`, kind: 'personal', scopes: 'runs:read' }),
  },
  'app/settings/webhooks/actions.ts#addWebhookAction': {
    definition: addWebhookForm as never,
    // A public address literal: the outbound guard passes it without DNS; nothing is sent when adding.
    input: () => ({ url: `https://1.1.1.1/hooks/${marker('hook')}`, events: 'run.finished' }),
  },
  'app/settings/webhooks/actions.ts#testWebhookAction': {
    definition: testWebhookForm as never,
    input: (endpointId) => ({ endpointId }),
  },
  'app/settings/webhooks/actions.ts#removeWebhookAction': {
    definition: removeWebhookForm as never,
    input: (endpointId) => ({ endpointId }),
  },
  'app/settings/api-keys/actions.ts#revokeApiKeyAction': {
    definition: revokeApiKeyForm as never,
    input: (keyId) => ({ keyId }),
  },
  'app/admin/lessons/actions.ts#createSharedLessonAction': {
    definition: createSharedLessonForm as never,
    input: () => ({ content: `A new shared lesson ${marker('new')}` }),
  },
  'app/admin/lessons/actions.ts#updateSharedLessonAction': {
    definition: updateSharedLessonForm as never,
    input: (lessonId) => ({ lessonId, content: `Rewritten shared lesson ${marker('edit')}` }),
  },
  'app/admin/lessons/actions.ts#retireSharedLessonAction': {
    definition: retireSharedLessonForm as never,
    input: (lessonId) => ({ lessonId }),
  },
  'app/admin/lessons/actions.ts#restoreSharedLessonAction': {
    definition: restoreSharedLessonForm as never,
    input: (lessonId) => ({ lessonId }),
  },
  'app/admin/review/actions.ts#approveProposalAction': {
    definition: approveProposalForm as never,
    input: (proposalId) => ({ proposalId, content: `Approved advice ${marker('approved')}` }),
  },
  'app/admin/review/actions.ts#rejectProposalAction': {
    definition: rejectProposalForm as never,
    input: (proposalId) => ({ proposalId, reason: 'Too specific to share.' }),
  },
  'app/lessons/actions.ts#updateMyLessonAction': {
    definition: updateMyLessonForm as never,
    input: (lessonId) => ({ lessonId, content: `My rewritten lesson ${marker('mine')}` }),
  },
  'app/lessons/actions.ts#deleteMyLessonAction': {
    definition: deleteMyLessonForm as never,
    input: (lessonId) => ({ lessonId }),
  },
  'app/lessons/actions.ts#editMemoryLessonAction': {
    definition: editMemoryLessonForm as never,
    input: (original) => ({ original, content: `My rewritten memory lesson ${marker('memory')}` }),
  },
  'app/lessons/actions.ts#deleteMemoryLessonAction': {
    definition: deleteMemoryLessonForm as never,
    input: (original) => ({ original }),
  },
  'app/lessons/actions.ts#proposeLessonAction': {
    definition: proposeLessonForm as never,
    input: (lessonId) => ({ lessonId }),
  },
  'app/runs/actions.ts#cancelRunAction': { definition: cancelRunForm as never, input: (runId) => ({ runId }) },
  'app/runs/actions.ts#giveFeedbackAction': {
    definition: feedbackForm as never,
    input: (runId) => ({ runId, rating: 'down', comment: `matrix ${marker('feedback')}` }),
  },
  'app/settings/actions.ts#saveProviderKeyAction': {
    definition: saveProviderKeyForm as never,
    input: () => ({ provider: 'anthropic', apiKey: `sk-ant-${crypto.randomBytes(12).toString('hex')}` }),
  },
  'app/settings/actions.ts#removeProviderKeyAction': {
    definition: removeProviderKeyForm as never,
    input: () => ({ provider: 'openai' }),
  },
  'app/settings/actions.ts#modelSettingsAction': {
    definition: modelSettingsForm as never,
    input: () => ({ defaultModel: `openai:gpt-${crypto.randomBytes(3).toString('hex')}`, supportRedactEmails: 'on' }),
  },
  'app/settings/tools/actions.ts#addMcpServerAction': {
    definition: addMcpServerForm as never,
    input: () => ({
      name: `s${crypto.randomBytes(4).toString('hex')}`,
      url: 'http://127.0.0.1:1/mcp',
      headers: 'X-Key: k',
    }),
  },
  'app/settings/tools/actions.ts#checkMcpServerAction': {
    definition: checkMcpServerForm as never,
    input: (serverId) => ({ serverId }),
  },
  'app/settings/tools/actions.ts#removeMcpServerAction': {
    definition: removeMcpServerForm as never,
    input: (serverId) => ({ serverId }),
  },
  'app/settings/tools/actions.ts#checkOperatorServerAction': {
    definition: checkOperatorServerForm as never,
    input: () => ({ serverName: OPERATOR_SERVER_NAME }),
  },
  'app/settings/tools/actions.ts#setToolEnabledAction': {
    definition: setToolEnabledForm as never,
    input: (name) => ({ name, enabled: 'true' }),
  },
  'app/settings/tools/actions.ts#httpFetchHostsAction': {
    definition: httpFetchHostsForm as never,
    input: () => ({ allowedHosts: `api${crypto.randomBytes(3).toString('hex')}.example.com` }),
  },
  'app/settings/actions.ts#recallSettingsAction': {
    definition: recallSettingsForm as never,
    input: () => ({ floor: '0.3', embeddingModel: 'offline' }),
  },
  'app/settings/members/actions.ts#inviteMemberAction': {
    definition: inviteMemberForm as never,
    input: () => ({ role: 'member' }),
  },
  'app/settings/members/actions.ts#revokeInvitationAction': {
    definition: revokeInvitationForm as never,
    input: (invitationId) => ({ invitationId }),
  },
  'app/settings/members/actions.ts#changeRoleAction': {
    definition: changeRoleForm as never,
    input: (membershipId) => ({ membershipId, role: 'support' }),
  },
  'app/settings/members/actions.ts#removeMemberAction': {
    definition: removeMemberForm as never,
    input: (membershipId) => ({ membershipId }),
  },
  'app/settings/quotas/actions.ts#tenantQuotaAction': {
    definition: tenantQuotaForm as never,
    input: () => ({ dailyRunQuota: String(1000 + Math.floor(Math.random() * 1000)) }),
  },
  'app/settings/data/actions.ts#retentionAction': {
    definition: retentionForm as never,
    input: () => ({ runRetentionDays: String(400 + Math.floor(Math.random() * 1000)) }),
  },
  'app/settings/sso/actions.ts#ssoSettingsAction': {
    definition: ssoSettingsForm as never,
    input: () => ({
      domains: `matrix-${crypto.randomBytes(3).toString('hex')}.example`,
      defaultRole: 'member',
      passwordSignIn: 'on',
    }),
  },
  'app/settings/quotas/actions.ts#memberQuotaAction': {
    definition: memberQuotaForm as never,
    input: (membershipId) => ({ membershipId, runQuota: '3' }),
  },
  'app/tasks/actions.ts#submitTaskAction': {
    definition: submitTaskForm as never,
    input: () => scenarioTask('kyoto-walk') as never,
  },
  'app/datasets/actions.ts#createDatasetAction': {
    definition: createDatasetForm as never,
    input: () => ({
      name: `Dataset ${marker('dataset')}`,
      jsonl: '{"prompt": "Say hello.", "evaluator": {"kind": "contains", "expected": "hello"}}',
    }),
  },
  'app/datasets/actions.ts#uploadDatasetItemsAction': {
    definition: uploadDatasetItemsForm as never,
    input: (datasetId) => ({
      datasetId,
      jsonl: '{"prompt": "Say goodbye.", "evaluator": {"kind": "contains", "expected": "bye"}}',
    }),
  },
  'app/datasets/actions.ts#addDatasetItemAction': {
    definition: addDatasetItemForm as never,
    input: (datasetId) => ({ datasetId, prompt: 'Name a colour.', evaluatorKind: 'contains', expected: 'blue' }),
  },
  'app/datasets/actions.ts#removeDatasetItemAction': {
    definition: removeDatasetItemForm as never,
    input: (datasetId) => ({ datasetId, position: '0' }),
  },
  'app/datasets/actions.ts#addRunsToDatasetAction': {
    definition: addRunsToDatasetForm as never,
    input: (runId) => ({ runIds: runId, newName: `From runs ${marker('from-runs')}` }),
  },
  'app/datasets/actions.ts#startExperimentAction': {
    definition: startExperimentForm as never,
    input: (datasetId) => ({ datasetId, name: `Experiment ${marker('experiment')}`, maxAttempts: '1' }),
  },
  'app/experiments/actions.ts#cancelExperimentAction': {
    definition: cancelExperimentForm as never,
    input: (experimentId) => ({ experimentId }),
  },
  'app/experiments/actions.ts#testLessonAction': {
    definition: testLessonForm as never,
    input: (lessonId) => ({ lessonId }),
  },
}
