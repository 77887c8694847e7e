import { switchTenant } from './tenant-actions'
import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { AppHeader } from '@/components/shell/app-header'
import { FormTenantMarker } from '@/components/shell/form-tenant'
import { FormTenantBinding } from '@/components/shell/form-tenant-binding'
import { getSession } from '@/lib/services/auth/session'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Reflexion Studio', template: '%s · Reflexion Studio' },
  description: 'Hand tasks to an agent that retries and learns from its failures.',
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 }

// Every page depends on who is signed in: nothing is prerendered at build time.
export const dynamic = 'force-dynamic'

export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await getSession()
  return (
    <html lang="en">
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <AppHeader session={session} switchTenant={switchTenant} />
        <FormTenantBinding />
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 focus:outline-none">
          {/* A fallback for pages without their own marker (the layout is not re-rendered on navigation). */}
          <FormTenantMarker tenantId={session?.active?.tenantId ?? null} />
          {children}
        </main>
      </body>
    </html>
  )
}
