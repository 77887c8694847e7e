'use client'

// Replaces the root layout when it fails; like error.tsx, it shows no details.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1rem', textAlign: 'center' }}>
        <main>
          <h1>Something went wrong</h1>
          <p>Please reload the page.</p>
          {error.digest ? <p style={{ color: '#94a3b8', fontSize: 12 }}>Reference: {error.digest}</p> : null}
        </main>
      </body>
    </html>
  )
}
