// Server barrel of the lesson forms (action definitions: schema + permission + the lib/services/lessons service).
export * from './fields'
export * from './lesson-forms'
export * from './shared-lesson-forms'
export * from './review-forms'
