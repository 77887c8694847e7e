export * from './run-queue'
export * from './run-leases'
export * from './job-poller'
