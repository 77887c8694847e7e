import { createLessonEndpoint, listLessonsEndpoint } from '@/lib/boundary/api/v1/endpoints/lessons'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export const GET = listLessonsEndpoint.handle
export const POST = createLessonEndpoint.handle
