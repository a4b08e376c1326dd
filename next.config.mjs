/** @type {import('next').NextConfig} */
const nextConfig = {
  // Keep PGlite's wasm/data files out of the public static output.
  serverExternalPackages: ['@electric-sql/pglite', 'oidc-provider'],
  poweredByHeader: false,
  reactStrictMode: true,
  // The stylesheet in the HTML itself: a cold load paints its rows without waiting for a second
  // request (measured by `npm run bench`, first row on screen).
  experimental: { inlineCss: true },
};

export default nextConfig;
