/**
 * The contract with the voice service: zod schemas of every request and response the console
 * uses, and the conventions around them. The emulator validates its own responses with these
 * same schemas, so the two cannot drift apart.
 *
 * Where the spec says "not shown", the choice made here is marked ASSUMPTION and covered by
 * tests; adapting to the real service is a change to these files.
 *
 * No React, no Next, no server-only import: the emulator and tests import this folder directly.
 */
export * from './primitives';
export * from './oauth';
export * from './list';
export * from './people';
export * from './structure';
export * from './messages';
export * from './constants';
export * from './audio-kind';
