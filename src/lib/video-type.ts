// Uploaded videos are recognised by their first bytes, never by the file name or the browser's claim.
export const VIDEO_CONTENT_TYPES = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' } as const;
export type VideoExtension = keyof typeof VIDEO_CONTENT_TYPES;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));

/** 'mp4', 'mov' or 'webm' for an MP4, QuickTime or WebM video; null for anything else. */
export function videoExtension(bytes: Uint8Array): VideoExtension | null {
  // ISO base media (MP4, MOV): a box of type 'ftyp' first; QuickTime's major brand is 'qt  '.
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') return ascii(bytes, 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  // Older QuickTime files start with a 'moov', 'mdat', 'wide' or 'free' atom.
  if (bytes.length >= 8 && ['moov', 'mdat', 'wide', 'free'].includes(ascii(bytes, 4, 8))) return 'mov';
  // WebM: an EBML header whose DocType is 'webm' (Matroska's 'matroska' is not accepted).
  if (
    bytes[0] === 0x1a &&
    bytes[1] === 0x45 &&
    bytes[2] === 0xdf &&
    bytes[3] === 0xa3 &&
    ascii(bytes, 4, 64).includes('webm')
  )
    return 'webm';
  return null;
}
