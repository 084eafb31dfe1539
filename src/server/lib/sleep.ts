// Waiting on purpose (the sign-in slow-down). Its own module so tests can see the waits without taking them.
import { setTimeout } from 'node:timers/promises';

export function sleep(ms: number): Promise<void> {
  return setTimeout(ms).then(() => undefined);
}
