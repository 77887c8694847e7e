import { AppError } from '../../errors'
import { problemFromError } from './problem'

/** How a route renders errors: RFC 9457 problems, or the app's own bare form (404 without a body, else `{ error }`). */
export type ErrorStyle = 'problem' | 'bare'

/** The response for a thrown value; anything but an AppError is logged and hidden as a 500. */
export function errorResponse(error: unknown, style: ErrorStyle = 'problem'): Response {
  if (style === 'problem' || !(error instanceof AppError)) return problemFromError(error)
  if (error.code === 'not_found') return new Response(null, { status: 404 })
  return Response.json({ error: error.message, fieldErrors: error.fieldErrors }, { status: error.status })
}

/** Awaits a response-producing call and renders what it throws, as route() does. */
export async function settleResponse(pending: Promise<Response>, style: ErrorStyle = 'bare'): Promise<Response> {
  try {
    return await pending
  } catch (error) {
    return errorResponse(error, style)
  }
}
