'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * The main navigation; the current section is marked with aria-current. When the items do not fit (an
 * admin's ten on a phone), the row scrolls, the current item is scrolled into view, and a fade with a
 * "More" button shows there is more to the right.
 */
export function NavLinks({ items }: { items: { href: string; label: string }[] }) {
  const pathname = usePathname()
  const current = items
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href
  const scroller = useRef<HTMLElement>(null)
  const [more, setMore] = useState(false)
  const measure = useCallback(() => {
    const element = scroller.current
    if (element) setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 4)
  }, [])
  useEffect(() => {
    scroller.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [measure, current])
  return (
    <div className="relative">
      <nav ref={scroller} aria-label="Main" className="-mx-1 overflow-x-auto" onScroll={measure}>
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
      {more ? (
        <div className="pointer-events-none absolute inset-y-0 right-0 flex items-center bg-gradient-to-l from-white via-white/90 to-transparent pl-8">
          <button
            type="button"
            data-testid="nav-more"
            onClick={() => scroller.current?.scrollBy({ left: scroller.current.clientWidth * 0.7, behavior: 'smooth' })}
            className="pointer-events-auto rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-100"
          >
            More <span aria-hidden>›</span>
            <span className="sr-only"> sections (scroll the navigation)</span>
          </button>
        </div>
      ) : null}
    </div>
  )
}
