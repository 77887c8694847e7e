'use client'

import { useEffect, useRef } from 'react'
import { signOut } from 'next-auth/react'

/** The signed-in user's name, role and the sign-out button, in a disclosure menu (Escape or a click outside closes it). */
export function UserMenu({ name, email, role }: { name: string; email: string; role: string | null }) {
  const menu = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    const close = (returnFocus: boolean) => {
      const details = menu.current
      if (!details?.open) return
      details.open = false
      if (returnFocus) details.querySelector('summary')?.focus()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true)
    }
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) close(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [])
  return (
    <details ref={menu} className="relative">
      <summary
        data-testid="user-menu"
        className="flex min-h-10 cursor-pointer list-none items-center gap-2 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-100"
      >
        <span
          aria-hidden
          className="grid size-7 place-items-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden sm:inline">{name}</span>
        <span className="sr-only">Account menu</span>
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-64 rounded-md border border-slate-200 bg-white p-3 shadow-lg">
        <p className="truncate text-sm font-medium text-slate-900">{name}</p>
        <p className="truncate text-xs text-slate-500">{email}</p>
        {role ? <p className="mt-1 text-xs text-slate-500">Role: {role}</p> : null}
        <button
          type="button"
          onClick={() => signOut({ callbackUrl: '/signin' })}
          className="mt-3 w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100"
        >
          Sign out
        </button>
      </div>
    </details>
  )
}
