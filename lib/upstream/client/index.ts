/**
 * The one door to the voice service: the HTTP client (timeouts, retries, rate limits, the
 * contract's parsing), the request transport beneath it, the bound on calls in flight, the
 * console's client for one operator's token, and the one error type.
 */
export {
  UpstreamClient,
  type HttpMethod,
  type UpstreamClientOptions,
  type UpstreamLogLine,
  type UpstreamRequest,
  type UpstreamResponse,
} from './client';
export {
  UpstreamError,
  describeUpstreamError,
  isUnreadableSuccess,
  isUpstreamError,
  type RateLimitInfo,
  type UpstreamErrorDetails,
  type UpstreamErrorKind,
  type UpstreamFailure,
} from './errors';
export { InFlightLimiter, processInFlightLimiter, type InFlightStats } from './in-flight';
export { consoleUpstreamClient, pageDeadlineFromNow, type ConsoleClientOptions } from './console-client';
export { send, type TransportRequest, type TransportResponse } from './transport';
