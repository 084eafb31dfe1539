/** One benchmark module of `npm run bench` (bench/run.ts lists them). */
export type Benchmark = {
  name: string;
  description: string;
  /** Prints its own tables; throws on failure. Cleans up whatever it created. */
  run: () => Promise<void>;
};
