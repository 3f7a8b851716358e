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

/** The request again (its body read once here) if it holds a JSON object, else null. An empty body passes. */
export async function requireJsonObject(request: Request): Promise<Request | null> {
  const text = await request.text().catch(() => null);
  if (text === null) return null;
  if (text.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    if (!isJsonObject(parsed)) return null;
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: text,
    signal: request.signal,
  });
}
