/**
 * Input errors of the query surface. Ops throw this for bad arguments; the tool turns it into an
 * `error: …` guidance string the agent can self-correct from. Anything else is a bug and propagates.
 */
export class QueryInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'QueryInputError'
  }
}
