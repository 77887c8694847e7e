'use client'

import { useRouter } from 'next/navigation'
import { useEffect } from 'react'

/** Re-renders the page every `everyMs` while something on it is still moving (a running experiment). */
export function AutoRefresh({ everyMs = 2000 }: { everyMs?: number }) {
  const router = useRouter()
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs)
    return () => clearInterval(timer)
  }, [router, everyMs])
  return null
}
