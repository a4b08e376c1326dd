/**
 * The e2e consoles' PGlite databases start as copies of one migrated directory, made once per set
 * of migrations (a new or changed migration names a new template), rather than each console
 * running PGlite's initdb and every migration at its start: that cost each console several
 * seconds of a core, and a run starts many (its stack, and the consoles specs start themselves).
 * The copy is what a console finds when it was stopped and started again, so it opens and finds
 * nothing to migrate. A console creating its own directory stays tested: shutdown.spec.ts starts
 * one on an empty directory, and so does a console the spec gives a directory of its own.
 *
 * The stack's start (e2e/start-stack.ts) makes the template before any test runs; several stacks
 * starting together (scripts/test.ts) make it once, the others waiting for it.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_MIGRATIONS } from '../lib/db/migrations';

const ROOT = path.resolve(__dirname, '..');
const DATA_ROOT = path.join(ROOT, '.data');
const TEMPLATE_PREFIX = 'e2e-console-db-template-';

/** Keyed by the migrations and the PGlite version that made it (a new PGlite may write other files). */
function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as {
    version: string;
  };
  hash.update(pglite.version);
  for (const migration of CONSOLE_MIGRATIONS) hash.update(`\0${migration.id}\0${migration.sql}`);
  return hash.digest('hex').slice(0, 16);
}

/** Where today's migrations' template is (it exists once a stack has started). */
export function consoleDbTemplateDir(): string {
  return path.join(DATA_ROOT, `${TEMPLATE_PREFIX}${templateKey()}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes today's template unless it exists, and removes the templates of other migrations. The
 * maker holds `<template>.making` (a directory, created atomically, naming its pid); a stack that
 * finds it waits for the template, or takes over from a maker that died.
 */
export async function ensureConsoleDbTemplate(): Promise<string> {
  const template = consoleDbTemplateDir();
  const making = `${template}.making`;
  const deadline = Date.now() + 180_000;
  mkdirSync(DATA_ROOT, { recursive: true });
  while (!existsSync(template)) {
    try {
      mkdirSync(making);
    } catch {
      const maker = Number(readFileSafe(path.join(making, 'pid')));
      if (maker && !processAlive(maker)) rmSync(making, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`the console database template ${template} was not made in time`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      writeFileSync(path.join(making, 'pid'), String(process.pid));
      if (!existsSync(template)) await makeTemplate(template);
    } finally {
      rmSync(making, { recursive: true, force: true });
    }
  }
  for (const name of readdirSync(DATA_ROOT))
    if (name.startsWith(TEMPLATE_PREFIX) && path.join(DATA_ROOT, name) !== template && !name.endsWith('.making'))
      rmSync(path.join(DATA_ROOT, name), { recursive: true, force: true });
  return template;
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Created and migrated the way a console does it (lib/db), closed, then moved into place whole. */
async function makeTemplate(template: string): Promise<void> {
  const { openConsoleDb } = await import('../lib/db');
  const staging = `${template}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await (await openConsoleDb({ dataDir: staging, initializeApart: true })).close();
    renameSync(staging, template);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Replaces `dataDir` with a copy of today's template (made by the stack's start). */
export function copyConsoleDbTemplate(dataDir: string): void {
  const template = consoleDbTemplateDir();
  if (!existsSync(template))
    throw new Error(`no console database template at ${template}: the e2e stack's start makes it (e2e/start-stack.ts)`);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(template, dataDir, { recursive: true });
}
