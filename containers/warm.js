// Run once while the image is built: starts and stops the reference server, so that the OS temporary
// directory holds the migrated template of the embedded database. A container of the image then answers
// within seconds of its start.
const { startServer } = await import('../dist/src/server/index.js');
const server = await startServer({ variant: 'A', port: 0 });
await server.close();
