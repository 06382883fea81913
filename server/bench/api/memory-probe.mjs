// Preloaded (node --import) into a server under benchmark, never into a server that serves members:
// answers where its memory is on its own port on 127.0.0.1, which only the bench knows
// (BENCH_MEMORY_PROBE_PORT). GET / answers process.memoryUsage() in MB (rss, heapTotal, heapUsed,
// external, arrayBuffers); POST /heap-snapshot?dir=DIR writes a V8 heap snapshot into DIR (it holds
// the server for seconds and needs about the heap's size again while it writes) and answers its path.
import { createServer } from 'node:http';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

const port = Number(process.env.BENCH_MEMORY_PROBE_PORT);
if (Number.isInteger(port) && port > 0) {
  const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
  const probe = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    let body;
    if (request.method === 'POST' && url.pathname === '/heap-snapshot') {
      const dir = url.searchParams.get('dir') || process.cwd();
      const rss = mb(process.memoryUsage.rss());
      const file = writeHeapSnapshot(path.join(dir, `server-${process.pid}-rss${Math.round(rss)}MB-${Date.now()}.heapsnapshot`));
      body = { file, rssMb: rss };
    } else {
      const usage = process.memoryUsage();
      body = Object.fromEntries(Object.entries(usage).map(([key, value]) => [key, mb(value)]));
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  probe.listen(port, '127.0.0.1');
  // Never keeps the server alive on its own.
  probe.unref();
}
