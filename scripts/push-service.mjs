// web-push-testing, a push service on this machine, for the push tests (docs/rules/offline-and-push.md,
// "Testing push"): it checks a push's VAPID signature, decrypts its payload with the subscription's
// keys and keeps it, so a test reads exactly what a browser would be handed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { freePort } from './free-port.mjs';

const require = createRequire(import.meta.url);

/** Starts the push service on a free port and resolves once it answers; `stop()` ends it. */
export async function startPushService({ timeoutMs = 15_000 } = {}) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [require.resolve('web-push-testing/src/bin/server.js'), String(port)], { stdio: 'ignore' });
  /** POSTs JSON to one of the service's routes and answers its status and body. */
  const post = async (path, body = {}) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await post('/status').then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`web-push-testing did not answer on ${url} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    post,
    /** Subscribes as a browser would, for the application server key given. */
    subscribe: async (applicationServerKey) => (await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey })).body.data,
    /** The pushes received for one subscription, decrypted. */
    received: async (clientHash) => (await post('/get-notifications', { clientHash })).body.data.messages,
    stop: () => child.kill(),
  };
}
