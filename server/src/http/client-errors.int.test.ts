import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

/** Sends raw bytes to the listening app and reads the whole answer (the server closes the connection). */
function rawRequest(port: number, text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('requests the HTTP parser refuses', () => {
  const testApp = useTestApp();
  let port: number;

  beforeAll(async () => {
    await testApp().app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp().app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await testApp().app.server.close();
  });

  it('answers headers over the size limit with 431 and the standard JSON error body with a code', async () => {
    const res = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nCookie: junk=${'a'.repeat(40_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers.toLowerCase()).toContain('content-type: application/json');
    const body = JSON.parse(res.body) as { code: string; message: string };
    expect(body.code).toBe('HEADERS_TOO_LARGE');
    expect(body.message).toMatch(/too large/);
  });

  it('answers malformed HTTP with 400 VALIDATION_FAILED', async () => {
    const res = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nBad Header Without Colon\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
