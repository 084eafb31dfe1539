// One step of a return sent to the server: pending while it runs, the server's refusal shown as it
// comes, the return's detail refreshed after.
import { useState } from 'react';
import type { Return } from '~/shared/schemas/returns';
import { ApiError } from '~/client/lib/api';
import { returnStep } from './api';

export function useStep(ret: Return, onDone: (updated: Return) => void) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(step: string, body: unknown) {
    setPending(true);
    setError(null);
    try {
      onDone(await returnStep(ret.id, step, body));
    } catch (e) {
      setError(
        (e instanceof ApiError && e.serverMessage) || 'The step could not be saved. Please try again.',
      );
    } finally {
      setPending(false);
    }
  }
  return { pending, error, run };
}

export function StepError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  );
}
