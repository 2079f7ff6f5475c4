// The login redirect decision (spec 2 "Navigation behaviour"): go to the login page with the
// current route as returnurl, unless the user is already there.
export const LOGIN_ROUTE = 'login';

export interface LoginRedirect {
  /** The route to return to after login; null when there is none. */
  returnUrl: string | null;
}

export function loginRedirect(currentRoute: string | null | undefined): LoginRedirect | null {
  if (currentRoute === LOGIN_ROUTE) return null;
  return { returnUrl: currentRoute || null };
}
