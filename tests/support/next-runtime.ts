/**
 * Vitest setup, before each test file loads: what Next's server runtime installs before any of
 * its modules load, AsyncLocalStorage as a global. Without it, a Next module a test loads (through
 * `next/server`) keeps stand-in storages that throw when used; once a test loaded Next's testing
 * helpers, which patch the console with them, any later log line in that process threw (the
 * PGlite upkeep's, as an unhandled rejection that failed `npm test` with every test passed).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

Object.assign(globalThis, { AsyncLocalStorage });
