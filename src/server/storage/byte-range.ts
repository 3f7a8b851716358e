// HTTP Range requests (RFC 9110 §14) for stored media: browsers fetch videos in pieces (seeking, iOS
// Safari insists on it). One range per request; multiple ranges, other units and malformed headers
// are ignored (the whole file is sent), as the RFC allows. Pure.

export interface ByteRange {
  start: number;
  end: number;
}

/** The one byte range a Range header asks of a `size`-byte file: null = send it whole, 'unsatisfiable' = 416. */
export function parseByteRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/i.exec((header ?? '').trim());
  if (!match || (!match[1] && !match[2])) return null;
  const [first, last] = [match[1], match[2]].map((n) => (n ? Number(n) : null));
  if ((first != null && !Number.isSafeInteger(first)) || (last != null && !Number.isSafeInteger(last))) return null;
  if (first == null) {
    // bytes=-N: the last N bytes
    if (last === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - last!), end: size - 1 };
  }
  if (last != null && last < first) return null; // invalid: ignored
  if (first >= size) return 'unsatisfiable';
  return { start: first, end: Math.min(last ?? size - 1, size - 1) };
}
