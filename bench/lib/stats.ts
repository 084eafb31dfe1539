// Small helpers every benchmark prints with.
import os from 'node:os';

/** The q-th percentile (0..100) of samples, nearest-rank. */
export function percentile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Milliseconds spent in fn. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** A plain text table: the first row is the header. */
export function table(rows: (string | number)[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length)));
  const line = (r: (string | number)[]) =>
    r
      .map((cell, i) =>
        typeof cell === 'number' ? String(cell).padStart(widths[i]!) : String(cell).padEnd(widths[i]!),
      )
      .join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}`;
}
