import { getRunEndpoint } from '@/lib/boundary/api/v1/endpoints/get-run'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export const GET = getRunEndpoint.handle
