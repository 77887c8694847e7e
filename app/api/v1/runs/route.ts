import { listRunsEndpoint } from '@/lib/boundary/api/v1/endpoints/list-runs'
import { submitRunEndpoint } from '@/lib/boundary/api/v1/endpoints/submit-run'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export const GET = listRunsEndpoint.handle
export const POST = submitRunEndpoint.handle
