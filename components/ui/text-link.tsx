import Link from 'next/link'
import type { ComponentProps } from 'react'

/** An in-text link of the app (indigo, underlined); `className` adds to it (weight, size). */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={`text-indigo-700 underline ${className ?? ''}`.trim()} {...props} />
}
