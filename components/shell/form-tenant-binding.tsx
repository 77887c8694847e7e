'use client'

import { useEffect } from 'react'
import { bindFormTenant } from '@/lib/boundary/actions/form-tenant'

/**
 * Adds the tenant the page was rendered for (its last FormTenantMarker: the page's own, else the
 * layout's) to every action form's data as it is submitted, so an action refuses a form from a tab
 * whose tenant was switched elsewhere since.
 */
export function FormTenantBinding() {
  useEffect(() => {
    const bind = (event: FormDataEvent) => {
      if (!(event.target instanceof HTMLFormElement)) return
      const markers = document.querySelectorAll<HTMLElement>('[data-form-tenant]')
      bindFormTenant(event.target, event.formData, markers[markers.length - 1]?.dataset.formTenant)
    }
    document.addEventListener('formdata', bind)
    return () => document.removeEventListener('formdata', bind)
  }, [])
  return null
}
