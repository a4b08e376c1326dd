/** @type {import('next').NextConfig} */
const nextConfig = {
  // Keep PGlite's wasm/data files out of the public static output.
  // prom-client and OpenTelemetry keep one copy per process (their registries are process-wide).
  serverExternalPackages: [
    '@electric-sql/pglite',
    'oidc-provider',
    'prom-client',
    '@opentelemetry/api',
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/resources',
  ],
  poweredByHeader: false,
  // Response compression by the console's own Node process: off unless CONSOLE_COMPRESS=on.
  // A production console sits behind a reverse proxy or load balancer that compresses (and
  // terminates TLS); in the process, gzip of every page ran on the same cores as rendering and
  // cost a large share of a list page's CPU (measured side by side with compression on and off;
  // docs/bench.md). Turn it on when browsers reach the console directly over a slow network.
  compress: process.env.CONSOLE_COMPRESS === 'on',
  reactStrictMode: true,
  // `npm test` type-checks the whole project (`npm run typecheck`: Next's route types, then tsc)
  // before its end-to-end runs build the console, and says so with CONSOLE_BUILD_TYPECHECKED=1:
  // the build's own check would repeat it, a long step of a CI run. Every other build
  // checks the types itself.
  typescript: { ignoreBuildErrors: process.env.CONSOLE_BUILD_TYPECHECKED === '1' },
  // The stylesheet stays linked (no experimental.inlineCss). Inlined, Next 16.4 sends it three
  // times per page (the <style>, the RSC payload, and again for the global error boundary, as
  // Turbopack gives every module under the root layout the root CSS): a large share of a list
  // page's bytes and of its server CPU (bench/ab-cpu.ts), while alternating first-row runs of each
  // (`BENCH_ONLY=first-row npm run bench`) showed no difference on screen (docs/bench.md).
};

export default nextConfig;
