// Images for upload tests (no database): a real tiny PNG, a phone photo carrying its location, a
// decompression bomb and polyglots, made here so every test states what it sends.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real 1 × 1 PNG (the upload path decodes every image, so a bare signature is refused). */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000970485973' +
    '000003e8000003e801b57b526b0000000c49444154089963f0aa89040002330120510fb7710000000049454e44ae426082',
  'hex',
);

/**
 * A JPEG as a phone writes it: 60 × 40 pixels stored on its side (EXIF orientation 6, shown 40 × 60),
 * the camera's make, and where it was taken (a GPS block: 12°58′ N, 77°35′ E).
 */
export const photoWithLocation = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#c08040' } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
    })
    .jpeg()
    .toBuffer();

/** Whether an EXIF block points at a GPS block (tag 0x8825 in its byte order). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const littleEndian = exif.includes(Buffer.from('II*\0'));
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A PNG of a few hundred bytes whose header declares width × height grey pixels (20 000 × 20 000 is 400
 * megapixels, 400 MB decoded). Its pixel data holds a single row, so only a reader that trusts the
 * header alone can judge it: decoding it would fail as unreadable, never as too large.
 */
export function decompressionBombPng(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const SCRIPT = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A valid JPEG with an HTML page appended: an image viewer shows the picture, a browser sniffing it may run the script. */
export const jpegWithHtml = async () =>
  Buffer.concat([
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a6b35' } })
      .jpeg()
      .toBuffer(),
    Buffer.from(SCRIPT),
  ]);

/** An HTML page behind an image's signature: PNG's first eight bytes, then markup. */
export const htmlWithPngHeader = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(SCRIPT)]);
