/** Turns a run driven by callbacks into an async iterable of the same items, in order. */
export async function* iterateWhile<T>(start: (push: (item: T) => void) => Promise<unknown>): AsyncGenerator<T> {
  const queue: T[] = []
  let wake: (() => void) | undefined
  let done = false
  let failure: { error: unknown } | undefined
  const push = (item: T) => {
    queue.push(item)
    wake?.()
  }
  start(push).then(
    () => {
      done = true
      wake?.()
    },
    (error: unknown) => {
      failure = { error }
      done = true
      wake?.()
    },
  )
  while (true) {
    if (queue.length > 0) {
      yield queue.shift() as T
      continue
    }
    if (done) {
      if (failure) throw failure.error
      return
    }
    await new Promise<void>((resolve) => (wake = resolve))
    wake = undefined
  }
}
