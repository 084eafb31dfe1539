// Query keys are API paths (the default fetcher GETs them), so a change refreshes every query whose path
// starts with one of the paths it affects.
export const queryKeyStartsWith = (prefixes: string[]) => (query: { queryKey: readonly unknown[] }) =>
  typeof query.queryKey[0] === 'string' && prefixes.some((p) => (query.queryKey[0] as string).startsWith(p));
