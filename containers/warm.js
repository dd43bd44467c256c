// Run once while the image is built: starts the reference server as the image's entry point does, and
// stops it once it listens, so that the OS temporary directory holds the migrated template of the embedded
// database. A container of the image then answers within seconds of its start.
import { spawn } from 'node:child_process';

const bin = new URL('../bin/conform.js', import.meta.url).pathname;
const child = spawn(process.execPath, [bin, 'serve', '--variant', 'A', '--host', '127.0.0.1', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
let listening = false;
child.stdout.on('data', (chunk) => {
  out += chunk;
  if (!listening && /listening on /.test(out)) {
    listening = true;
    child.kill('SIGTERM');
  }
});
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c)));
if (!listening) {
  process.stderr.write(`warm: conform serve exited with ${code} before it listened\n${out}`);
  process.exit(1);
}
