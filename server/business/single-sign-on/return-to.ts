// Where a browser goes after signing on: a path of this site only. Anything that a browser could
// read as another host (`//host`, `/\host`, a scheme, a backslash, control characters) is
// refused, so no sign-on is an open redirect.
const SAFE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

export const DEFAULT_RETURN_TO = '/';
export const LOGIN_PAGE = '/login';

export function isLocalPath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 500 && SAFE_PATH.test(value) && !value.includes('\\');
}

/** The path itself when it is local; otherwise the fallback. */
export const localPathOr = (value: unknown, fallback: string): string => (isLocalPath(value) ? value : fallback);
