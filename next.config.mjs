/** @type {import('next').NextConfig} */
const nextConfig = {
  // Keep PGlite's wasm/data files out of the public static output.
  serverExternalPackages: ['@electric-sql/pglite', 'oidc-provider'],
  poweredByHeader: false,
  // Response compression by the console's own Node process: off unless CONSOLE_COMPRESS=on.
  // A production console sits behind a reverse proxy or load balancer that compresses (and
  // terminates TLS); in the process, gzip of every page ran on the same cores as rendering and
  // cost about a fifth of a list page's CPU (issue 17, measured side by side with compression
  // on and off). Turn it on when browsers reach the console directly over a slow network.
  compress: process.env.CONSOLE_COMPRESS === 'on',
  reactStrictMode: true,
  // The stylesheet is linked, not inlined (experimental.inlineCss). Inlined, every page carried it
  // three times: in the head, in the RSC payload, and again as the global error boundary's styles
  // (Turbopack gives every module under the root layout its CSS), 123 kB of a 325 kB list page and
  // about 6 ms of the 41 ms of CPU it cost. Linked, a browser fetches it once and caches it; the
  // first row on screen measured the same either way (`npm run bench`, first-row section).
};

export default nextConfig;
