// Preloaded (node --import) into the server under `npm run bench:api`, never into a server that
// serves members: it measures how long the server's event loop was held (perf_hooks'
// monitorEventLoopDelay) and answers the figures on its own port on 127.0.0.1, which only the
// bench knows (BENCH_LOOP_PROBE_PORT). POST /reset starts a new window; GET / answers
// { p50, p99, max, mean, samples } in milliseconds since the last reset.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const port = Number(process.env.BENCH_LOOP_PROBE_PORT);
if (Number.isInteger(port) && port > 0) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  const probe = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/reset') {
      histogram.reset();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ p50: null, p99: null, max: null, mean: null, samples: 0 }));
      return;
    }
    // The histogram records a held loop at its next tick: answer after two, so a hold that just
    // ended is counted.
    setTimeout(() => answer(response), 25);
  });
  const answer = (response) => {
    const body =
      histogram.count === 0
        ? { p50: null, p99: null, max: null, mean: null, samples: 0 }
        : {
            p50: ms(histogram.percentile(50)),
            p99: ms(histogram.percentile(99)),
            max: ms(histogram.max),
            mean: ms(histogram.mean),
            samples: histogram.count,
          };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  probe.listen(port, '127.0.0.1');
  // Never keeps the server alive on its own.
  probe.unref();
}
