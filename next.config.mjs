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
  // The stylesheet in the HTML itself (experimental.inlineCss): measured side by side, a linked
  // one showed the first row on screen about 50 ms later on warm loads (three alternating runs,
  // `npm run bench` first-row section; cold loads the same). The cost: every page carries the CSS
  // three times (head, RSC payload, and the global error boundary's styles, as Turbopack gives
  // every module under the root layout its CSS), 123 kB of a list page and ~6 ms of its CPU.
  experimental: { inlineCss: true },
};

export default nextConfig;
