/** Raw HTTP/1.1 to a proxy, for the tests that need what a client library will not send. */
import type { Socket } from 'node:net';
import { connect } from 'node:net';

/** Connects and writes `text` whole (to the kernel) before it resolves; `firstBytes` is the first data back. */
export function raw(proxyUrl: string, text: string): Promise<{ socket: Socket; firstBytes: Promise<string> }> {
  const u = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      const firstBytes = new Promise<string>((got) => socket.once('data', (c: Buffer) => got(c.toString('latin1'))));
      socket.write(text, () => resolve({ socket, firstBytes }));
    });
    socket.on('error', reject);
  });
}
