/**
 * The op table: every op of the spec, with the arguments it takes and what it returns. It drives
 * dispatch, the tool description and the "valid ops" guidance.
 */
import { evidenceOp } from './ops-evidence'
import { causeOp, getOp } from './ops-event'
import { aroundFirstOp, countOp, endMatchOp, filterOp, hasOp, listOp, type OpArguments } from './ops-listing'
import { overviewOp, schemaOp, stateOp } from './ops-summary'
import type { ReflectionData } from './reflection-data'

/** One op: its argument synopsis, what it returns, and how it answers. */
export type OpDefinition = { synopsis: string; returns: string; run(data: ReflectionData, args: OpArguments): string }

/** Every op, in the order the description teaches them. */
export const OPS: Record<string, OpDefinition> = {
  overview: {
    synopsis: '',
    returns: 'totals, counts by kind/namespace/type, seeds, anomalies, status',
    run: overviewOp,
  },
  list: { synopsis: '[index=offset] [limit=N]', returns: 'all events in order, paged', run: listOp },
  get: {
    synopsis: 'index=N',
    returns: 'full field dump of one event + kind/namespace/command + recorded cause',
    run: getOp,
  },
  filter: {
    synopsis: 'type=T [index=N] [limit=N]',
    returns: 'matching events as #index lines (matches at or after position index)',
    run: (data, args) => filterOp(data, args, 'filter'),
  },
  select: {
    synopsis: 'type=T [index=N] [limit=N]',
    returns: 'same as filter',
    run: (data, args) => filterOp(data, args, 'select'),
  },
  latest: { synopsis: 'type=T', returns: 'the newest match', run: (data, args) => endMatchOp(data, args, 'latest') },
  first: { synopsis: 'type=T', returns: 'the oldest match', run: (data, args) => endMatchOp(data, args, 'first') },
  has: { synopsis: 'type=T', returns: 'true / false', run: hasOp },
  count: { synopsis: 'type=T', returns: 'a number', run: countOp },
  after: {
    synopsis: 'type=T [limit=N]',
    returns: 'events after the first match',
    run: (data, args) => aroundFirstOp(data, args, 'after'),
  },
  before: {
    synopsis: 'type=T [limit=N]',
    returns: 'events just before the first match',
    run: (data, args) => aroundFirstOp(data, args, 'before'),
  },
  evidence: {
    synopsis: 'index=N',
    returns:
      'every fact on how that event came to be: recorded cause, explicit links, owning command, static edge candidates, forward face',
    run: evidenceOp,
  },
  cause: {
    synopsis: 'index=N',
    returns: "the recorded cause: '#N via <handler>', 'seed', 'framework', or 'unknown, <reason>'",
    run: causeOp,
  },
  state: {
    synopsis: '',
    returns: 'reducer projections over the whole log (status, attempts, best score, lessons, usage)',
    run: stateOp,
  },
  schema: { synopsis: '', returns: 'the static topology: what can cause what, via which handler', run: schemaOp },
}

/** The op names, in table order. */
export const OP_NAMES = Object.keys(OPS)
