/** A model string or its credentials are wrong; the message says what is accepted. */
export class ModelConfigError extends Error {
  readonly code = 'model_config'
  constructor(message: string) {
    super(message)
    this.name = 'ModelConfigError'
  }
}
