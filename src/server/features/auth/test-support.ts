// Helpers for tests of the sign-in limits.
import { LOGIN_WINDOW_SECONDS } from './login-throttle';

/** Limits count in fixed windows: a test of a limit starts well inside one, so no window ends mid-test. */
export async function awayFromWindowEdge(windowSeconds = LOGIN_WINDOW_SECONDS, marginMs = 20_000) {
  const ms = windowSeconds * 1000;
  const left = ms - (Date.now() % ms);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 100));
}
