import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { IMAGE_MAX_BYTES } from '@soleswap/contracts/uploads';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/test-app';

const MB = 1024 * 1024;
const PART_BYTES = 100 * MB;
const CHUNK = Buffer.alloc(64 * 1024, 7);

/**
 * A 100 MB multipart part streamed to the real server: the 413 must come at the 8 MB cap, the
 * server having read not much more than that (its socket's bytesRead), not the whole body.
 */
describe('a multipart upload past the cap', () => {
  const testApp = useTestApp();
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((socket) => socket.destroy()));

  it('answers 413 and closes the connection after reading little more than 8 MB of a 100 MB part', async () => {
    const { app } = testApp();
    const member = await signIn(app, { email: 'big-uploader@example.com' });
    app.server.on('connection', (socket: Socket) => sockets.push(socket));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const boundary = '----soleswapcap';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`);
    let produced = 0;
    const body = new Readable({
      read() {
        if (produced === 0) this.push(head);
        if (produced >= PART_BYTES) return this.push(null);
        produced += CHUNK.length;
        this.push(CHUNK);
      },
    });

    const answer = await new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/uploads',
          headers: { cookie: member.cookie!, 'content-type': `multipart/form-data; boundary=${boundary}` },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
          res.on('error', reject);
        },
      );
      // The server hangs up while the rest of the body is still being sent: expected.
      req.on('error', () => undefined);
      body.pipe(req);
    });

    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(answer.headers.connection).toBe('close');
    const read = Math.max(...sockets.map((socket) => socket.bytesRead));
    expect(read).toBeGreaterThan(IMAGE_MAX_BYTES);
    expect(read).toBeLessThan(IMAGE_MAX_BYTES + 2 * MB);
    body.destroy();
  });
});
