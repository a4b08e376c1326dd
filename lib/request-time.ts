/**
 * The moment a server component renders, epoch milliseconds. A server component renders once per
 * request, so reading the clock there gives that response one consistent "now" (React's purity
 * rule guards client re-renders, which these are not).
 */
export function requestTime(): number {
  return Date.now();
}
