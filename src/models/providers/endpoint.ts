/**
 * Endpoints (provider base URLs) as toolgauge shows and stores them: normalised, and never with the
 * credentials a URL can carry (`http://user:password@host`, `?api_key=…`).
 */

/** Query parameters whose values are credentials (`key`, `api_key`, `token`, `sig`, …). */
const SECRET_PARAMETER = /key|token|secret|password|auth|sig|credential/i;

/** Shown instead of a URL that does not parse (the raw text might hold a secret). */
export const INVALID_URL = '(invalid URL)';

/**
 * A base URL as stored and shown: lower-case scheme and host, default port and trailing slash dropped,
 * user and password removed, and the values of credential-like query parameters replaced. Two URLs
 * that reach the same server the same way describe the same; this is also the response-cache identity
 * of the endpoint.
 */
export function describeEndpoint(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return INVALID_URL;
  }
  parsed.username = '';
  parsed.password = '';
  parsed.hash = '';
  for (const name of [...parsed.searchParams.keys()]) {
    if (SECRET_PARAMETER.test(name)) parsed.searchParams.set(name, 'redacted');
  }
  parsed.searchParams.sort();
  const text = parsed.toString();
  return parsed.search === '' ? text.replace(/\/+$/, '') : text;
}

/** The user and password a URL carries (`http://user:password@host`), decoded; undefined when none. */
export function urlCredentials(url: string): { readonly username: string; readonly password: string } | undefined {
  try {
    const parsed = new URL(url.trim());
    if (parsed.username === '' && parsed.password === '') return undefined;
    return { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
  } catch {
    return undefined;
  }
}

/** The URL without its user and password (and otherwise as written), for the HTTP client. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url.trim());
    if (parsed.username === '' && parsed.password === '') return url.trim();
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** `scheme://user:password@` (or `scheme://user@`) anywhere in a text. */
const URL_USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;

/**
 * Removes credentials from every URL in free text (an error message, a log line): the user-info part
 * becomes `[redacted]@`, and credential-like query values become `redacted`.
 */
export function redactUrls(text: string): string {
  return text
    .replace(URL_USER_INFO, '$1[redacted]@')
    .replace(/([?&][^=&\s#]*(?:key|token|secret|password|auth|sig|credential)[^=&\s#]*=)[^&\s#"']+/gi, '$1redacted');
}
