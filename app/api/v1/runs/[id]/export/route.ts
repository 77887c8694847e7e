import { runExportEndpoint } from '@/lib/boundary/api/v1/endpoints/run-export'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export const GET = runExportEndpoint.handle
