import { askRunEndpoint } from '@/lib/boundary/api/v1/endpoints/ask-run'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export const POST = askRunEndpoint.handle
