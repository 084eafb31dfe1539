// The load generator, on its own thread so the client's work does not slow the server's event loop:
// `concurrency` loops share a fixed number of requests over keep-alive connections, each reading the
// whole body. node:http rather than fetch: on this 2-core machine fetch tops out near 1,300 requests a
// second even against a bare server, so it would measure the client instead of the servers.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { urls, total, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
let issued = 0;
let failures = 0;
let bytes = 0;

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        if (res.statusCode !== 200) failures++;
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', resolve);
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function lane() {
  while (issued < total) await get(urls[issued++ % urls.length]);
}

const start = performance.now();
await Promise.all(Array.from({ length: concurrency }, lane));
const seconds = (performance.now() - start) / 1000;
agent.destroy();
parentPort.postMessage({ requests: total, seconds, failures, bytes });
