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
    if (SECRET_PARAMETER.test(name)) parsed.searchParams.set(name, REDACTED);
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

/**
 * The URL of an API path under a base URL, keeping the base URL's query: `…/v1?api-version=1` and
 * `chat/completions` give `…/v1/chat/completions?api-version=1` (pasting the path on the end would put
 * it inside the query).
 */
export function endpointUrl(baseUrl: string, path: string): URL {
  const url = new URL(baseUrl.trim());
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  url.hash = '';
  return url;
}

/**
 * A base URL split for clients that paste paths onto it (the AI SDK's): the URL without query or
 * fragment, and the query (`?…`, or '') to add to every request URL with {@link withQuery}.
 */
export function splitQuery(baseUrl: string): { readonly base: string; readonly query: string } {
  try {
    const url = new URL(baseUrl.trim());
    const query = url.search;
    url.search = '';
    url.hash = '';
    return { base: url.toString().replace(/\/+$/, ''), query };
  } catch {
    return { base: baseUrl, query: '' };
  }
}

/** A fetch that adds the base URL's query parameters to every request URL (see {@link splitQuery}). */
export function withQuery(inner: typeof fetch, query: string): typeof fetch {
  if (query === '') return inner;
  const extra = new URLSearchParams(query);
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    for (const [name, value] of extra) if (!url.searchParams.has(name)) url.searchParams.append(name, value);
    return input instanceof Request ? inner(new Request(url, input), init) : inner(url, init);
  };
}

/** The value a stored URL carries in place of a credential (see `storedEndpoint`). */
export const REDACTED = 'redacted';

/**
 * A base URL as a run's settings store it: as {@link describeEndpoint} gives it, except that a user and
 * password become the user `redacted`, so that a resumed run can tell that credentials were left out
 * (and ask for the URL again) rather than send a request without them.
 */
export function storedEndpoint(url: string): string {
  const described = describeEndpoint(url);
  if (described === INVALID_URL || urlCredentials(url) === undefined) return described;
  const parsed = new URL(described);
  parsed.username = REDACTED;
  const text = parsed.toString();
  return parsed.search === '' ? text.replace(/\/+$/, '') : text;
}

/** Whether a stored URL had credentials removed (a user, or a credential-like query value). */
export function hasRedactedCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.username === REDACTED ||
      [...parsed.searchParams].some(([name, value]) => SECRET_PARAMETER.test(name) && value === REDACTED)
    );
  } catch {
    return false;
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
