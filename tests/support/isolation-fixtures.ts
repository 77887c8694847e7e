// Fixtures of the isolation matrices (integration and e2e): two tenants, each with an admin, two
// members and a support user; each member has a finished run (a marker token in its title, prompt,
// output and log), a private lesson, a proposed lesson, a dataset and an experiment of their own; each
// tenant a shared lesson, a retired shared lesson, an invitation, a tenant dataset and experiment. Every marker is unique, so a body that contains one has leaked it.
import crypto from 'node:crypto'
import { can } from '../../lib/services/auth/permissions'
import type { Role } from '../../lib/services/auth/permissions'
import { getPrisma } from '../../lib/adapters/db/client'
import { defaultEmbedder } from '../../lib/services/lessons/embedders'
import { proposeLesson } from '../../lib/services/lessons/my-lessons'
import { PgLessonStore } from '../../lib/services/lessons/pg-lesson-store'
import { createSharedLesson, retireSharedLesson } from '../../lib/services/lessons/shared-lessons'
import { taskInputSchema } from '../../lib/services/runs/task-input'
import { createInvitation } from '../../lib/services/tenants/invitations'
import { maxAttemptsReached } from '../unit/fixtures/run-scenarios'
import { addUser, type TestUser } from '../integration/helpers/tenants'

/** The people of a fixture tenant; `memberOne` and `memberTwo` are colleagues with the member role. */
export type PersonaName = 'admin' | 'memberOne' | 'memberTwo' | 'support'
export const PERSONA_NAMES: PersonaName[] = ['admin', 'memberOne', 'memberTwo', 'support']

/** What a member owns: a run, a private lesson, a proposed lesson and its pending proposal, each with a marker. */
export type MemberResources = {
  runId: string
  runMarker: string
  privateLessonId: string
  privateLessonMarker: string
  proposedLessonId: string
  proposalId: string
  proposalMarker: string
} & ExperimentResources

/** A dataset and an experiment (on a dataset of its own), each with a marker in its name. */
export type ExperimentResources = {
  datasetId: string
  datasetMarker: string
  experimentId: string
  experimentMarker: string
}

/** A fixture tenant: its people, their resources, and the tenant's shared lessons and invitation. */
export type IsolationTenant = {
  label: string
  id: string
  name: string
  users: Record<PersonaName, TestUser>
  resources: Record<'memberOne' | 'memberTwo', MemberResources>
  sharedLessonId: string
  sharedLessonMarker: string
  retiredLessonId: string
  invitationCode: string
  /** The tenant's (shared) dataset and experiment. */
  shared: ExperimentResources
  /** Every marker of this tenant (for "nothing of the other tenant" checks). */
  markers: string[]
}

/** A unique marker token: letters and digits only, so lesson cleaning and HTML escaping keep it intact. */
export function marker(kind: string): string {
  return `zq${kind}${crypto.randomBytes(6).toString('hex')}`
}

/** A dataset with one task, owned by `owner` (the tenant's when `shared`), created directly (whoever the owner's role). */
export async function datasetOf(
  tenantId: string,
  ownerId: string,
  shared: boolean,
  name = `Target dataset ${marker('dataset')}`,
): Promise<string> {
  const prisma = await getPrisma()
  const dataset = await prisma.dataset.create({ data: { tenantId, ownerId, shared, name } })
  await prisma.datasetVersion.create({
    data: {
      tenantId,
      datasetId: dataset.id,
      version: 1,
      items: [
        taskInputSchema.parse({ prompt: 'Say hello.', evaluator: { kind: 'contains', expected: 'hello' } }),
      ] as never,
      itemCount: 1,
      createdById: ownerId,
    },
  })
  return dataset.id
}

/** A running experiment (two arms, no lessons) on a fresh dataset of the same owner, named after it. */
export async function experimentOf(
  tenantId: string,
  ownerId: string,
  shared: boolean,
  name = `Target experiment ${marker('experiment')}`,
): Promise<string> {
  const prisma = await getPrisma()
  const datasetId = await datasetOf(tenantId, ownerId, shared, `Dataset of ${name}`)
  const version = await prisma.datasetVersion.findFirstOrThrow({ where: { datasetId } })
  const experiment = await prisma.experiment.create({
    data: {
      tenantId,
      ownerId,
      datasetId,
      datasetVersionId: version.id,
      name,
      arms: [
        { label: 'A', lessonIds: [] },
        { label: 'B', lessonIds: [] },
      ],
      repeats: 1,
    },
  })
  return experiment.id
}

async function experimentResources(tenantId: string, ownerId: string, shared: boolean): Promise<ExperimentResources> {
  const datasetMarker = marker('dataset')
  const experimentMarker = marker('experiment')
  return {
    datasetId: await datasetOf(tenantId, ownerId, shared, `Dataset ${datasetMarker}`),
    datasetMarker,
    experimentId: await experimentOf(tenantId, ownerId, shared, `Experiment ${experimentMarker}`),
    experimentMarker,
  }
}

/** The markers of a dataset and an experiment. */
export function experimentMarkers(resources: ExperimentResources): string[] {
  return [resources.datasetMarker, resources.experimentMarker]
}

async function storeLesson(user: TestUser, content: string): Promise<string> {
  const store = new PgLessonStore({
    prisma: await getPrisma(),
    tenantId: user.caller.tenantId,
    embedder: defaultEmbedder(),
  })
  const [id] = await store.add([{ content, metadata: { user_id: user.id, attempt: 1, score: 0.25 } }])
  return id
}

/** Writes a finished, failed run of `owner` whose prompt, output and log carry `token`. */
export async function persistMarkedRun(owner: TestUser, token: string): Promise<string> {
  const prisma = await getPrisma()
  const { events } = maxAttemptsReached(`Write dates as ISO 8601 (${token}).`)
  const output = `05/03/2024 ${token}`
  const marked = events.map((event) =>
    event.type === 'agent.output_produced'
      ? { ...event, payload: { ...event.payload, output } }
      : event.type === 'run.submitted'
        ? { ...event, payload: { ...event.payload, prompt: `Date task ${token}` } }
        : event,
  )
  const run = await prisma.run.create({
    data: {
      tenantId: owner.caller.tenantId,
      userId: owner.id,
      title: `Run ${token}`,
      prompt: `What is 5 March 2024 in report format? ${token}`,
      output,
      config: {},
      model: 'demo (offline)',
      status: 'failed',
      attemptsUsed: 2,
      maxAttempts: 2,
      threshold: 0.8,
      bestScore: 0.5,
      eventCount: marked.length,
      startedAt: new Date(),
      finishedAt: new Date(),
    },
  })
  await prisma.runEvent.createMany({
    data: marked.map((event) => ({
      tenantId: owner.caller.tenantId,
      runId: run.id,
      index: event.index,
      type: event.type,
      kind: event.kind,
      namespace: event.namespace,
      payload: event.payload as object,
      cause: event.cause as object,
      at: new Date(event.at),
    })),
  })
  return run.id
}

async function memberResources(user: TestUser): Promise<MemberResources> {
  const runMarker = marker('run')
  const privateLessonMarker = marker('private')
  const proposalMarker = marker('proposal')
  const runId = await persistMarkedRun(user, runMarker)
  const privateLessonId = await storeLesson(user, `Keep private notes short ${privateLessonMarker}.`)
  const proposedLessonId = await storeLesson(user, `Prefer ISO dates in reports ${proposalMarker}.`)
  const { proposalId } = await proposeLesson(user.caller, proposedLessonId)
  return {
    runId,
    runMarker,
    privateLessonId,
    privateLessonMarker,
    proposedLessonId,
    proposalId,
    proposalMarker,
    ...(await experimentResources(user.caller.tenantId, user.id, false)),
  }
}

/** Creates one fixture tenant (label: 'A' or 'B'). */
export async function createIsolationTenant(label: string): Promise<IsolationTenant> {
  const prisma = await getPrisma()
  const suffix = crypto.randomBytes(4).toString('hex')
  const tenant = await prisma.tenant.create({
    data: { name: `Isolation ${label} ${suffix}`, slug: `isolation-${label.toLowerCase()}-${suffix}` },
  })
  const roles: Record<PersonaName, Role> = {
    admin: 'admin',
    memberOne: 'member',
    memberTwo: 'member',
    support: 'support',
  }
  const users = {} as Record<PersonaName, TestUser>
  for (const name of PERSONA_NAMES)
    users[name] = await addUser(tenant.id, roles[name], `${label}-${name}`.toLowerCase())
  const resources = {
    memberOne: await memberResources(users.memberOne),
    memberTwo: await memberResources(users.memberTwo),
  }
  const sharedLessonMarker = marker('shared')
  const shared = await createSharedLesson(users.admin.caller, {
    content: `Check the date format twice ${sharedLessonMarker}.`,
  })
  const retired = await createSharedLesson(users.admin.caller, { content: `Retired advice ${marker('retired')}.` })
  await retireSharedLesson(users.admin.caller, retired.id)
  const { code } = await createInvitation(users.admin.caller, { role: 'member' })
  const sharedExperiments = await experimentResources(tenant.id, users.admin.id, true)
  const markers = [
    sharedLessonMarker,
    ...experimentMarkers(sharedExperiments),
    ...Object.values(resources).flatMap((owned) => [
      owned.runMarker,
      owned.privateLessonMarker,
      owned.proposalMarker,
      ...experimentMarkers(owned),
    ]),
  ]
  return {
    label,
    id: tenant.id,
    name: tenant.name,
    users,
    resources,
    sharedLessonId: shared.id,
    sharedLessonMarker,
    retiredLessonId: retired.id,
    invitationCode: code,
    shared: sharedExperiments,
    markers,
  }
}

/** The two tenants of a matrix. */
export async function createIsolationFixtures(): Promise<{ a: IsolationTenant; b: IsolationTenant }> {
  return { a: await createIsolationTenant('A'), b: await createIsolationTenant('B') }
}

/**
 * The markers a persona must never see anywhere: everything of the other tenant, plus, for a
 * member, the colleague's run, private lesson and proposal; for admin and support, the members'
 * private lessons (admins see proposals in the review queue, never unproposed lessons), and for
 * support the proposals too (support reads runs, not lessons). Datasets and experiments: one's own
 * are the owner's alone (admins included), the tenant's are for experiments.manageTenant.
 */
export function forbiddenMarkers(own: IsolationTenant, other: IsolationTenant, persona: PersonaName): string[] {
  const colleague =
    persona === 'memberOne' ? own.resources.memberTwo : persona === 'memberTwo' ? own.resources.memberOne : null
  // Admins and support may read any lesson of their tenant (lessons.readTenant); members only their own.
  const readsTenantLessons = can(
    persona === 'admin' ? 'admin' : persona === 'support' ? 'support' : 'member',
    'lessons.readTenant',
  )
  const privateOfOthers = readsTenantLessons
    ? []
    : (['memberOne', 'memberTwo'] as const)
        .filter((name) => name !== persona)
        .map((name) => own.resources[name].privateLessonMarker)
  const proposals =
    persona === 'support' ? [own.resources.memberOne.proposalMarker, own.resources.memberTwo.proposalMarker] : []
  const role = persona === 'admin' ? 'admin' : persona === 'support' ? 'support' : 'member'
  const othersExperiments = (['memberOne', 'memberTwo'] as const)
    .filter((name) => name !== persona)
    .flatMap((name) => experimentMarkers(own.resources[name]))
  const tenantExperiments = can(role, 'experiments.manageTenant') ? [] : experimentMarkers(own.shared)
  return [
    ...other.markers,
    ...(colleague ? [colleague.runMarker, colleague.proposalMarker] : []),
    ...privateOfOthers,
    ...proposals,
    ...othersExperiments,
    ...tenantExperiments,
  ]
}
