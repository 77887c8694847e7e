import 'server-only'
/** Lesson queries for pages, all Caller-scoped (tenant and permission checked inside each one). */
export * from './my-lessons'
export * from './shared-lessons'
export * from './proposals'
export * from './lesson-effect'
export type { LessonView } from './lesson-view'
export * from './lesson-counts'
