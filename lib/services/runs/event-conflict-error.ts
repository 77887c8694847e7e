/** An append did not land at the next index of the run's log (another writer got there first, or a gap). */
export class EventConflictError extends Error {
  readonly code = 'event_conflict'
  constructor(
    readonly runId: string,
    readonly expectedIndex: number,
    detail: string,
  ) {
    super(`run ${runId}: cannot append at index ${expectedIndex}: ${detail}`)
    this.name = 'EventConflictError'
  }
}
