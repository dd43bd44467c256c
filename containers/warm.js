// Run once while the image is built: starts and stops the reference server, so that tsx's cache holds
// the compiled server and the OS temporary directory holds the migrated template of the embedded
// database. A container of the image then answers within seconds of its start.
import { register } from 'tsx/esm/api';

register();
const { startServer } = await import('../src/server/index.ts');
const server = await startServer({ variant: 'A', port: 0 });
await server.close();
