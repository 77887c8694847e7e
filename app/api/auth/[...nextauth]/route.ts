import NextAuth from 'next-auth'
import { authOptions } from '@/lib/services/auth/options'

type Context = { params: Promise<{ nextauth: string[] }> }

// Options are built per request (first use), so `next build` needs no secret.
function handler(request: Request, context: Context) {
  return NextAuth(request as never, context as never, authOptions())
}

export { handler as GET, handler as POST }
