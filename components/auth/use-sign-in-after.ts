'use client'

import { signIn } from 'next-auth/react'
import { useRouter } from 'next/navigation'

/** After an account is created by a form, signs it in with the same credentials and goes to `destination`. */
export function useSignInAfter() {
  const router = useRouter()
  return async (email: string, password: string, destination = '/'): Promise<string | null> => {
    const result = await signIn('credentials', { redirect: false, email, password })
    if (!result?.ok || result.error) return 'Your account was created, but signing in failed. Please sign in.'
    router.replace(destination)
    router.refresh()
    return null
  }
}
