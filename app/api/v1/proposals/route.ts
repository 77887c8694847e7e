import { listProposalsEndpoint } from '@/lib/boundary/api/v1/endpoints/shared-lessons'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export const GET = listProposalsEndpoint.handle
