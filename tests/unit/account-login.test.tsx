// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  account,
  isLoggedIn,
  LOGIN_ROUTE,
  LoginPage,
  logout,
  redirectToLogin,
  startAccount,
} from '../../runtime/account/index.ts';
import { apiHooks } from '../../runtime/api/index.ts';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'nl', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const respond = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );

function fillIn(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Gebruikersnaam'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
}

const renderLogin = (onLoggedIn = vi.fn()) => {
  render(
    <I18nProvider i18n={i18n}>
      <LoginPage onLoggedIn={onLoggedIn} />
    </I18nProvider>,
  );
  return onLoggedIn;
};

describe('login page', () => {
  it('shows the server Error on the form for wrong credentials', async () => {
    respond(400, { Error: 'Gebruikersnaam of wachtwoord onjuist.' });
    const onLoggedIn = renderLogin();
    fillIn('admin', 'wrong');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Gebruikersnaam of wachtwoord onjuist.');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(isLoggedIn()).toBe(false);
  });

  it('logs in, tracks the login state and returns to the returnurl route', async () => {
    respond(200, { User: { AutoID: 1, Username: 'admin', Person_Descr: 'Beheerder' } });
    account.returnUrl = 'currencies';
    const onLoggedIn = renderLogin();
    fillIn('admin', 'secret');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith('currencies'));
    expect(isLoggedIn()).toBe(true);
    expect(account.user?.Person_Descr).toBe('Beheerder');
  });
});

describe('login redirect wiring', () => {
  it('a lost session sends the user to login with the current route, unless already there', async () => {
    let current: string | null = 'currencies';
    const showLogin = vi.fn(() => {
      current = LOGIN_ROUTE;
    });
    startAccount({ currentRoute: () => current, showLogin });
    localStorage.setItem('loggedIn', '1');
    apiHooks.onUnauthenticated?.();
    expect(showLogin).toHaveBeenCalledTimes(1);
    expect(account.returnUrl).toBe('currencies');
    expect(isLoggedIn()).toBe(false);
    redirectToLogin();
    expect(showLogin).toHaveBeenCalledTimes(1);

    // Logout goes to the login page without a returnurl.
    current = 'vatcodes';
    respond(200, {});
    await logout();
    expect(showLogin).toHaveBeenCalledTimes(2);
    expect(account.returnUrl).toBeNull();
  });
});
