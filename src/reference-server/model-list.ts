import type { IncomingMessage } from 'node:http';

/**
 * `GET /v1/models` (and `/v1/models/<id>`): the model the server plays, in the shape the provider's API
 * lists models in, so clients and tools that list models first (or check one exists) work. The server
 * answers a request for any model name the same way; `reference` is the name it lists.
 */
export const SERVED_MODEL = 'reference';

/** The timestamp models are listed with: fixed, so that listings are reproducible. */
const CREATED = Date.UTC(2024, 0, 1) / 1000;

/** The body for a model-listing path, or undefined when the path is not one. */
export function modelListing(
  path: string,
  request: IncomingMessage,
): { readonly status: number; readonly body: unknown } | undefined {
  const match = /^(?:\/v1)?\/models(?:\/([^/]+))?$/.exec(path);
  if (!match) return undefined;
  const anthropic = request.headers['anthropic-version'] !== undefined;
  const wanted = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
  const model = (id: string) =>
    anthropic
      ? { type: 'model', id, display_name: `toolgauge ${id}`, created_at: new Date(CREATED * 1000).toISOString() }
      : { id, object: 'model', created: CREATED, owned_by: 'toolgauge' };
  // Any name is served (a client may be configured with its own), so any name exists.
  if (wanted !== undefined) return { status: 200, body: model(wanted) };
  return anthropic
    ? {
        status: 200,
        body: { data: [model(SERVED_MODEL)], has_more: false, first_id: SERVED_MODEL, last_id: SERVED_MODEL },
      }
    : { status: 200, body: { object: 'list', data: [model(SERVED_MODEL)] } };
}
