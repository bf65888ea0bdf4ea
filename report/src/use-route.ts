import { useEffect, useMemo, useState } from 'preact/hooks';
import { parseRoute, type Route } from './route';

/** The current hash route, updated on `hashchange`. */
export function useRoute(): Route {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const update = (): void => setHash(window.location.hash);
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return useMemo(() => parseRoute(hash), [hash]);
}
