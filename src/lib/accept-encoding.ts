// Which content encodings a client takes, from its Accept-Encoding header. Shared by the serve layer
// (scripts/serve/fast-responses.mjs, run by Node directly) and the route cache's compressed copies.

/** Encodings the client accepts (q > 0), from an Accept-Encoding header. */
export function acceptedEncodings(header: string | null | undefined = ''): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}
