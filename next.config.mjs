/** @type {import('next').NextConfig} */
const nextConfig = {
  // Keep PGlite's wasm/data files out of the public static output.
  serverExternalPackages: ['@electric-sql/pglite', 'oidc-provider'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
