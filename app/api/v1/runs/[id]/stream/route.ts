import { runStreamEndpoint } from '@/lib/boundary/api/v1/endpoints/run-stream'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export const GET = runStreamEndpoint.handle
