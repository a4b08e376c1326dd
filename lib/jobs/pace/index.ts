/**
 * Pacing requests to the service's rate limit: the pacer, the clock offset it reckons windows
 * in, and the send budget that runners on one PostgreSQL share.
 */
export { RatePacer, type RateLimitObservation } from './rate-pacer';
export { ServiceClockOffset } from './service-clock';
export { SharedSendBudget, grantBatch, sharedBudgetFor } from './shared-budget';
