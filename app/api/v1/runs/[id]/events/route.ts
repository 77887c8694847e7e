import { runEventsEndpoint } from '@/lib/boundary/api/v1/endpoints/run-events'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export const GET = runEventsEndpoint.handle
