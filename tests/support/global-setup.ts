import { buildTemplate } from './pglite-template';

/** Runs once before all Vitest files: migrate a PGlite template that every file copies. */
export default async function setup() {
  await buildTemplate();
}
