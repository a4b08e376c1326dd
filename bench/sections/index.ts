/**
 * The sections of `npm run bench`, in the order they run. A section measures one part of the
 * budgets and returns its rows for the one table (`bench/context.ts`, `bench/budgets.ts`).
 * To add budgets: write `bench/sections/<name>.ts` exporting a `BenchSection` and append it
 * here. `BENCH_ONLY=first-row,client-weight npm run bench` runs only the sections named.
 */
import type { BenchSection } from '../context';
import { clientWeightSection } from './client-weight';
import { firstRowSection } from './first-row';
import { memorySection } from './memory';
import { pageViewsSection } from './page-views';
import { scaleSection } from './scale';
import { serverTimeSection } from './server-time';

export const SECTIONS: readonly BenchSection[] = [
  firstRowSection,
  clientWeightSection,
  serverTimeSection,
  pageViewsSection,
  memorySection,
  scaleSection,
];
