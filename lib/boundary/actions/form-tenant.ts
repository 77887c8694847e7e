/**
 * Binds a posted form to the tenant its page was rendered for. The browser adds the field on submit
 * (components/shell/form-tenant-binding.tsx); when it names another tenant than the active one (the
 * tenant was switched in another tab since), the action refuses and changes nothing, instead of
 * landing the submission in the other tenant.
 */

/** The form field that carries the tenant a form was rendered for. */
export const FORM_TENANT_FIELD = '$formTenant'

/** The refusal when a form was rendered for another tenant than the active one. */
export const STALE_TENANT_ERROR =
  'This page was opened for another organisation than the one now active (it was switched in another tab or window). Nothing was changed: reload the page and try again.'

/** Splits the bound tenant off a posted input: the input without the field, and the tenant (undefined when unbound). */
export function takeFormTenant(posted: unknown): { input: unknown; tenantId: string | undefined } {
  if (
    posted === null ||
    typeof posted !== 'object' ||
    Array.isArray(posted) ||
    !Object.hasOwn(posted, FORM_TENANT_FIELD)
  )
    return { input: posted, tenantId: undefined }
  const input: Record<string, unknown> = Object.create(Object.getPrototypeOf(posted))
  for (const [key, value] of Object.entries(posted)) if (key !== FORM_TENANT_FIELD) input[key] = value
  const value = (posted as Record<string, unknown>)[FORM_TENANT_FIELD]
  const tenantId = [value].flat().find((item) => typeof item === 'string' && item !== '')
  return { input, tenantId: typeof tenantId === 'string' ? tenantId : undefined }
}

/** What the browser binding needs of a form: its `method` and `action` attributes. */
export type SubmittedForm = { getAttribute(name: string): string | null }

/**
 * Adds the page's tenant to a submitted form's data (the browser's `formdata` event), for forms that post
 * to a server action: rendered with method POST (progressive enhancement) or, on the client, with
 * React's `javascript:` placeholder action. GET filter forms and forms that already carry it are left alone.
 */
export function bindFormTenant(form: SubmittedForm, formData: FormData, pageTenantId: string | undefined): void {
  const postsToAction =
    (form.getAttribute('method') ?? '').toLowerCase() === 'post' ||
    (form.getAttribute('action') ?? '').startsWith('javascript:')
  if (postsToAction && pageTenantId && !formData.has(FORM_TENANT_FIELD)) formData.set(FORM_TENANT_FIELD, pageTenantId)
}
