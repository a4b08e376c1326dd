/** @type {import('next').NextConfig} */
const nextConfig = {
  // Keep PGlite's wasm/data files out of the public static output.
  serverExternalPackages: ['@electric-sql/pglite', 'oidc-provider'],
  poweredByHeader: false,
  // The proxy must see Next's router headers (Next-Router-Prefetch) to tell prefetches, which
  // are not the operator's activity, from requests that are (lib/auth/background-request.ts);
  // without this Next strips them, and the `_rsc` query parameter, from the proxy's request.
  skipProxyUrlNormalize: true,
  reactStrictMode: true,
};

export default nextConfig;
