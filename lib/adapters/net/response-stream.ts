import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { OutboundRequestError } from './errors'

/** Undoes a single content coding the guard asked for; other codings pass through untouched. */
export function decodedBody(response: IncomingMessage): { source: Readable; decoded: boolean } {
  const coding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase()
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? createGunzip()
      : coding === 'deflate'
        ? createInflate()
        : coding === 'br'
          ? createBrotliDecompress()
          : undefined
  if (!decoder) return { source: response, decoded: false }
  response.on('error', (error) => decoder.destroy(error))
  return { source: response.pipe(decoder), decoded: true }
}

/**
 * A web stream over a Node stream that fails once more than `maxBytes` arrive (counted after
 * decompression, so a small compressed bomb cannot slip through) and honours back-pressure.
 */
export function cappedWebStream(
  source: Readable,
  maxBytes: number,
  hooks: { onDone: () => void; onCancel: () => void },
): ReadableStream<Uint8Array> {
  let received = 0
  let finished = false
  const finish = () => {
    if (!finished) {
      finished = true
      hooks.onDone()
    }
  }
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        source.on('data', (chunk: Buffer) => {
          if (finished) return
          received += chunk.length
          if (received > maxBytes) {
            finish()
            controller.error(new OutboundRequestError('too-large'))
            source.destroy()
            return
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 1) <= 0) source.pause()
        })
        source.on('end', () => {
          if (finished) return
          finish()
          controller.close()
        })
        source.on('error', (error) => {
          if (finished) return
          finish()
          controller.error(error instanceof OutboundRequestError || isAbort(error) ? error : networkError(error))
        })
      },
      pull() {
        source.resume()
      },
      cancel() {
        finish()
        hooks.onCancel()
        source.destroy()
      },
    },
    { highWaterMark: 16 },
  )
}

/** An AbortError as fetch raises it (or the abort reason the caller gave). */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

/** Wraps a socket-level failure into the one message that does not reveal what answered. */
export function networkError(cause: unknown): OutboundRequestError {
  return new OutboundRequestError('network', { cause })
}
