import { AppError } from '../../errors'

/** The largest request body a JSON route reads (a task prompt is at most 20,000 characters). */
export const MAX_JSON_BODY_BYTES = 256 * 1024

/** Reads at most `limit` bytes of a request body as text; larger bodies are a 400 that says the limit. */
export async function readBodyText(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<string> {
  const tooLarge = () => new AppError('bad_request', `The request body is larger than ${limit} bytes.`)
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge()
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Parses a JSON body text; an empty body is `{}`; anything else that is not JSON is a 400. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON.')
  }
}
