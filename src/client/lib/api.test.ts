import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGetPage, apiRequest, setApiLocale, UnparseableResponseError } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (body: string | null, status = 200) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status })),
  );

describe('apiRequest', () => {
  it('reads a JSON success, and an empty one as undefined', async () => {
    answer('{"id":1}');
    expect(await apiRequest('GET', '/api/x')).toEqual({ id: 1 });
    answer('');
    expect(await apiRequest('GET', '/api/x')).toBeUndefined();
    answer(null, 204);
    expect(await apiRequest('DELETE', '/api/x')).toBeUndefined();
  });

  it('raises UnparseableResponseError, still a SyntaxError, for a success body that is not JSON', async () => {
    answer('<html>oops</html>', 201);
    const error = await apiRequest('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnparseableResponseError);
    expect(error).toBeInstanceOf(SyntaxError);
    expect((error as UnparseableResponseError).status).toBe(201);
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });

  it("raises ApiError '{status}: {body}' for a failure, whatever its body", async () => {
    answer('<html>down</html>', 502);
    const error = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('502: <html>down</html>');
  });
});

describe('the language of API calls', () => {
  afterEach(() => setApiLocale('en'));

  it("sends the page's language as Accept-Language, en-CA unless told", async () => {
    const calls: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init: RequestInit) => {
        calls.push(init);
        return new Response('[]', { status: 200 });
      }),
    );
    await apiRequest('GET', '/api/x');
    setApiLocale('fr');
    await apiRequest('POST', '/api/x', { a: 1 });
    await apiGetPage(undefined, '/api/products');
    const languages = calls.map((c) => (c.headers as Record<string, string>)['Accept-Language']);
    expect(languages).toEqual(['en-CA', 'fr-CA', 'fr-CA']);
  });
});
