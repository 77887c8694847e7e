// Runs one script in a fresh QuickJS (WebAssembly) runtime and posts the result back. It runs in a
// worker thread so the host can always end it (terminate) whatever the script does; the script itself
// sees only the JavaScript language and a console.log: no process, require, network or file system.
import { parentPort, workerData } from 'node:worker_threads'
import { newQuickJSWASMModule, shouldInterruptAfterDeadline } from 'quickjs-emscripten'

const { code, memoryBytes, timeMs, maxLogChars } = workerData

function describe(context, handle) {
  const value = context.dump(handle)
  if (value && typeof value === 'object' && 'message' in value) return `${value.name ?? 'Error'}: ${value.message}`
  return typeof value === 'string' ? value : JSON.stringify(value)
}

try {
  const QuickJS = await newQuickJSWASMModule()
  const runtime = QuickJS.newRuntime()
  runtime.setMemoryLimit(memoryBytes)
  runtime.setMaxStackSize(256 * 1024)
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + timeMs))
  const context = runtime.newContext()
  const logs = []
  let logChars = 0
  const log = context.newFunction('log', (...args) => {
    const line = args.map((arg) => describe(context, arg)).join(' ')
    if (logChars < maxLogChars) logs.push(line.slice(0, maxLogChars - logChars))
    logChars += line.length
  })
  const consoleObject = context.newObject()
  context.setProp(consoleObject, 'log', log)
  context.setProp(context.global, 'console', consoleObject)
  log.dispose()
  consoleObject.dispose()
  const result = context.evalCode(code, 'script.js')
  if (result.error) {
    const message = describe(context, result.error)
    result.error.dispose()
    parentPort.postMessage({ ok: false, error: message === 'InternalError: interrupted' ? 'timeout' : message, logs })
  } else {
    const value = context.dump(result.value)
    result.value.dispose()
    parentPort.postMessage({ ok: true, value: value === undefined ? null : value, logs })
  }
  context.dispose()
  runtime.dispose()
} catch (error) {
  // A stack overflow of the WebAssembly itself, or an allocation the limit refused mid-call.
  parentPort.postMessage({
    ok: false,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  })
}
