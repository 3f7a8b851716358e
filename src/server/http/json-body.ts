// Every JSON API of the store takes one JSON object. Anything else (an array, null, a number, a string,
// broken JSON) is refused here with a 400 before a route sees it.

export const JSON_OBJECT_MESSAGE = 'The request body must be a JSON object.';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isJsonWrite(request: Request): boolean {
  return (
    WRITE_METHODS.has(request.method) &&
    /^application\/(?:[\w.+-]*\+)?json\b/i.test(request.headers.get('content-type') ?? '')
  );
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
