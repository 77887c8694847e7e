'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'

/** The main navigation; the current section is marked with aria-current. */
export function NavLinks({ items }: { items: { href: string; label: string }[] }) {
  const pathname = usePathname()
  const current = items
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href
  return (
    <nav aria-label="Main" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 px-1 py-1">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={item.href === current ? 'page' : undefined}
              className="block rounded-md px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-indigo-50 aria-[current=page]:font-medium aria-[current=page]:text-indigo-700"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
