// `node create-pglite.mjs <folder> <start parameters as JSON>`: creates an embedded database in an
// empty folder and exits (db/client.ts runs it in a process of its own on a server's first start).
import { PGlite } from '@electric-sql/pglite';

const [dataDir, startParams] = process.argv.slice(2);
const client = await PGlite.create({ dataDir, startParams: JSON.parse(startParams) });
await client.close();
