/** Security headers on every response; the CSP carries a fresh nonce per request. */

export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

export function contentSecurityPolicy(
  nonce: string,
  options: { development: boolean; https: boolean; imageOrigins?: readonly string[] },
): string {
  const directives = [
    "default-src 'self'",
    // Only scripts carrying this request's nonce (and what they load) run; React's dev tooling
    // needs eval in development only.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ''}`,
    // Radix and sonner position elements with style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Images from the service's data load only from the allowed origins (CONSOLE_IMAGE_ORIGINS),
    // and only when the operator asks (components/entities/value/on-demand-image.tsx).
    ['img-src', "'self'", 'data:', ...(options.imageOrigins ?? [])].join(' '),
    // Audio from the service is only ever an http(s) URL (see lib/safe-url).
    "media-src 'self' https: http:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Sign-in posts to the console, then navigates to the service's authorization page.
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
