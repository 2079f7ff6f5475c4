import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_ROUTE, loginRedirect } from '../../runtime/account/redirect.ts';
import { createClient, isUnauthenticated } from '../../runtime/api/client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('login redirect decision', () => {
  it('goes to login with the current route as returnurl', () => {
    expect(loginRedirect('currencies')).toEqual({ returnUrl: 'currencies' });
    expect(loginRedirect(null)).toEqual({ returnUrl: null });
  });
  it('does not redirect when the user is already on the login page', () => {
    expect(loginRedirect(LOGIN_ROUTE)).toBeNull();
  });
});

describe('403 answers', () => {
  it('only a 403 with Authenticated false means the session is gone', () => {
    expect(isUnauthenticated(403, { Error: 'x', Authenticated: false })).toBe(true);
    expect(isUnauthenticated(403, { Error: 'x', Authenticated: true })).toBe(false);
    expect(isUnauthenticated(403, { Error: 'x' })).toBe(false);
    expect(isUnauthenticated(400, { Error: 'x', Authenticated: false })).toBe(false);
    expect(isUnauthenticated(403, null)).toBe(false);
  });

  const respond = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      ),
    );

  it('the client reports a lost session and still rejects the call', async () => {
    respond(403, { Error: 'Niet ingelogd', Authenticated: false });
    const hooks = { onUnauthenticated: vi.fn(), onSuccess: vi.fn() };
    await expect(createClient('/', hooks).screens()).rejects.toMatchObject({ status: 403 });
    expect(hooks.onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(hooks.onSuccess).not.toHaveBeenCalled();
  });

  it('a refused right is no lost session', async () => {
    respond(403, { Error: 'U beschikt niet over de juiste rechten', Authenticated: true });
    const hooks = { onUnauthenticated: vi.fn() };
    await expect(createClient('/', hooks).getForm('costcodes')).rejects.toMatchObject({ status: 403 });
    expect(hooks.onUnauthenticated).not.toHaveBeenCalled();
  });

  it('every successful response is reported (it refreshes the session timer)', async () => {
    respond(200, [{ ID: '10.85', Action: '1.1', Grant: true }]);
    const hooks = { onSuccess: vi.fn() };
    await expect(createClient('/', hooks).authorization([{ ID: '10.85', Action: '1.1' }])).resolves.toEqual([
      { ID: '10.85', Action: '1.1', Grant: true },
    ]);
    expect(hooks.onSuccess).toHaveBeenCalledTimes(1);
  });
});
