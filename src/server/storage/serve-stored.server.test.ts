// Stored videos (a return's unboxing video, a product video) answer HTTP Range requests from local
// storage, as browsers need to play and seek them.
import { describe, expect, it } from 'vitest';
import { serveProductMedia } from '../../features/catalog-desk/media.server';
import { storage } from './storage.server';
import { serveUpload } from './uploads.server';

const video = new Uint8Array(10_000).map((_, i) => (i * 7) % 256);
const get = (range?: string) => new Request('http://store.test/media/x', { headers: range ? { range } : {} });

describe('Range requests on stored media', () => {
  it('serves a return video whole with Accept-Ranges, one range as 206, and 416 past the end', async () => {
    await storage().put('returns/VA-RANGE-0123456789ab.mp4', video, 'video/mp4');
    const whole = await serveUpload(get(), 'returns', 'VA-RANGE-0123456789ab.mp4', 'private, max-age=86400');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe('10000');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(video);

    const part = await serveUpload(
      get('bytes=100-199'),
      'returns',
      'VA-RANGE-0123456789ab.mp4',
      'private, max-age=86400',
    );
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect(part.headers.get('content-length')).toBe('100');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(video.slice(100, 200));

    const tail = await serveUpload(get('bytes=-10'), 'returns', 'VA-RANGE-0123456789ab.mp4', 'private');
    expect(tail.headers.get('content-range')).toBe('bytes 9990-9999/10000');
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(video.slice(9990));
    const open = await serveUpload(get('bytes=9000-'), 'returns', 'VA-RANGE-0123456789ab.mp4', 'private');
    expect([open.status, open.headers.get('content-range')]).toEqual([206, 'bytes 9000-9999/10000']);

    const past = await serveUpload(get('bytes=10000-'), 'returns', 'VA-RANGE-0123456789ab.mp4', 'private');
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */10000');

    const several = await serveUpload(get('bytes=0-1,5-6'), 'returns', 'VA-RANGE-0123456789ab.mp4', 'private');
    expect(several.status).toBe(200); // more than one range: the whole file, as the RFC allows
    expect((await serveUpload(get('bytes=0-1'), 'returns', 'VA-NONE-0123456789ab.mp4', 'private')).status).toBe(404);
  });

  it('answers a product video in ranges too', async () => {
    await storage().put('product_images/77/0123456789abcdef.mp4', video, 'video/mp4');
    const part = await serveProductMedia(get('bytes=0-1023'), '77', '0123456789abcdef.mp4');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-1023/10000');
    expect(part.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(video.slice(0, 1024));
    expect((await serveProductMedia(get('bytes=20000-'), '77', '0123456789abcdef.mp4')).status).toBe(416);
  });
});
