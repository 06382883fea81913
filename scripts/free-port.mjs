// A TCP port nobody listens on now (the kernel picks it), for a server a script or test starts.
import { createServer } from 'node:net';

/** Resolves to a port free on 127.0.0.1 at the time of the call. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
