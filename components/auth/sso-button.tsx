'use client'

import { signIn } from 'next-auth/react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'

/** Starts the operator's OpenID Connect sign-in, coming back to `callbackUrl`. */
export function SsoButton({ label, callbackUrl }: { label: string; callbackUrl: string }) {
  const [pending, setPending] = useState(false)
  return (
    <Button
      type="button"
      variant="secondary"
      className="w-full"
      pending={pending}
      onClick={() => {
        setPending(true)
        void signIn('oidc', { callbackUrl })
      }}
    >
      Sign in with {label}
    </Button>
  )
}
