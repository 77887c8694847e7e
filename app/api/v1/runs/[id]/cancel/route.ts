import { cancelRunEndpoint } from '@/lib/boundary/api/v1/endpoints/cancel-run'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export const POST = cancelRunEndpoint.handle
