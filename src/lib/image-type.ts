// Uploaded images are recognised by their first bytes, never by the file name or the browser's claim.
const SIGNATURES: { ext: 'png' | 'jpg' | 'webp'; test: (b: Uint8Array) => boolean }[] = [
  { ext: 'png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'webp',
    test: (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP',
  },
];

export const IMAGE_CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/** 'png', 'jpg' or 'webp' for a PNG, JPEG or WebP image; null for anything else. */
export function imageExtension(bytes: Uint8Array): keyof typeof IMAGE_CONTENT_TYPES | null {
  return SIGNATURES.find((s) => s.test(bytes))?.ext ?? null;
}
