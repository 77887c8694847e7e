import { deleteLessonEndpoint } from '@/lib/boundary/api/v1/endpoints/lessons'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export const DELETE = deleteLessonEndpoint.handle
