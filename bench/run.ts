// `npm run bench` runs every benchmark below; `npm run bench -- catalogue` runs the named ones.
// A benchmark is a module exporting a Benchmark (bench/lib/benchmark.ts): add checkout or import
// benchmarks as new modules and list them here.
import type { Benchmark } from './lib/benchmark';
import { machine } from './lib/stats';

const BENCHMARKS: Record<string, () => Promise<Benchmark>> = {
  catalogue: async () => (await import('./catalogue')).catalogueBenchmark,
  import: async () => (await import('./import')).importBenchmark,
  checkout: async () => (await import('./checkout')).checkoutBenchmark,
  lighthouse: async () => (await import('./lighthouse')).lighthouseBenchmark,
  'scale-out': async () => (await import('./scale-out')).scaleOutBenchmark,
};

const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = requested.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark: ${unknown.join(', ')}. Available: ${Object.keys(BENCHMARKS).join(', ')}.`,
  );
  process.exit(1);
}

console.log(`Machine: ${machine()}`);
console.log(`Date: ${new Date().toISOString()}\n`);
let failed = false;
for (const name of requested.length > 0 ? requested : Object.keys(BENCHMARKS)) {
  const benchmark = await BENCHMARKS[name]!();
  console.log(`== ${benchmark.name}: ${benchmark.description}`);
  const start = performance.now();
  try {
    await benchmark.run();
  } catch (error) {
    failed = true;
    console.error(`${benchmark.name} failed:`, error);
  }
  console.log(`(${benchmark.name} took ${((performance.now() - start) / 1000).toFixed(0)} s)\n`);
}
process.exit(failed ? 1 : 0);
