// The demo model's name and label, apart from the model itself so the browser may load them.
/** How the demo model is labelled wherever a model name is shown. */
export const DEMO_MODEL_LABEL = 'demo (offline)'

/** The model string that selects the demo model. */
export const DEMO_MODEL_SPEC = 'demo:offline'

/** Whether a model string names the demo model. */
export function isDemoModel(spec: string | undefined | null): boolean {
  return typeof spec === 'string' && spec.startsWith('demo:')
}
