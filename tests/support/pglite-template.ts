import { existsSync } from 'node:fs';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../../src/db/client';

/** A migrated, empty PGlite data folder saved once per run so each test file starts from it in ~1 s. */
const TEMPLATE_PATH = path.resolve('.test-data/pglite-template.tar.gz');

export async function buildTemplate(): Promise<void> {
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir('gzip');
  await mkdir(path.dirname(TEMPLATE_PATH), { recursive: true });
  await writeFile(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}

export async function openFromTemplate(): Promise<PGlite> {
  if (!existsSync(TEMPLATE_PATH)) await buildTemplate();
  const bytes = await readFile(TEMPLATE_PATH);
  return PGlite.create({ loadDataDir: new Blob([bytes]) });
}
