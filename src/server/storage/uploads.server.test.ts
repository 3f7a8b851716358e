// The one upload path for images on a real database and the local storage: what it stores is a WebP
// it made (upright, no metadata), a decompression bomb is refused from its header alone, a polyglot keeps
// no script, and a file is removed only when no record of any table shows it.
import { eq, getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import {
  decompressionBombPng,
  exifHasGps,
  htmlWithPngHeader,
  jpegWithHtml,
  photoWithLocation,
  TINY_PNG,
} from '../../../tests/support/images';
import { placeTestOrder } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { getAuth } from '../../features/auth/auth.server';
import { storage } from './storage.server';
import {
  discardUnreferenced,
  isUploadReferenced,
  MAX_IMAGE_PIXELS,
  reencodeImage,
  saveImage,
  saveImages,
  serveUpload,
  UPLOAD_ADDRESS_COLUMNS,
  UPLOAD_ADDRESS_LIST_COLUMNS,
  UPLOAD_MESSAGES,
  uploadKeyOf,
} from './uploads.server';

const stored = async (url: string) => (await storage().get(uploadKeyOf(url)!))?.body ?? null;
const file = (bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('an uploaded image', () => {
  it('is stored as a WebP turned upright, under a name the server made, without EXIF, GPS, XMP or ICC', async () => {
    const photo = await photoWithLocation();
    const original = await sharp(photo).metadata();
    expect([original.width, original.height, original.orientation, exifHasGps(original.exif)]).toEqual([
      60,
      40,
      6,
      true,
    ]);

    const saved = await saveImage('reviews', photo, 'review-7');
    expect(saved).toEqual({ ok: true, url: expect.stringMatching(/^\/media\/reviews\/review-7-[0-9a-f]{16}\.webp$/) });
    const meta = await sharp((await stored((saved as { url: string }).url))!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 60 });
    expect([meta.exif, meta.xmp, meta.icc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('declaring 400 megapixels in a file of a few hundred bytes is refused from its header, before any decoding', async () => {
    const bomb = decompressionBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1000);
    expect(await reencodeImage(bomb)).toEqual({
      ok: false,
      code: 'too_large',
      message: 'That image is too large (max 40 megapixels).',
    });
    // Its pixel data is one row: had it been decoded, it would have failed as unreadable instead.
    expect(await reencodeImage(decompressionBombPng(4000, 4000))).toMatchObject({
      ok: false,
      message: UPLOAD_MESSAGES.unreadable,
    });
    // The limit is the named one: one pixel over it is refused, at it is judged by its pixels.
    expect(await reencodeImage(decompressionBombPng(MAX_IMAGE_PIXELS / 5000 + 1, 5000))).toMatchObject({
      ok: false,
      code: 'too_large',
    });
    expect(await reencodeImage(decompressionBombPng(MAX_IMAGE_PIXELS / 5000, 5000))).toMatchObject({
      ok: false,
      code: 'unprocessable',
    });
  });

  it('a JPEG with a script appended is stored as the picture alone, served as image/webp with nosniff', async () => {
    const polyglot = await jpegWithHtml();
    expect(polyglot.includes('<script')).toBe(true);
    const saved = await saveImage('reviews', polyglot, 'review-8');
    expect(saved.ok).toBe(true);
    const url = (saved as { url: string }).url;
    const body = Buffer.from((await stored(url))!);
    expect(body.includes('<script')).toBe(false);
    expect(body.includes('<html')).toBe(false);
    expect((await sharp(body).metadata()).format).toBe('webp');

    const response = await serveUpload(
      new Request(`http://store.test${url}`),
      'reviews',
      url.split('/').pop()!,
      'public, max-age=31536000, immutable',
    );
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).includes('<script')).toBe(false);
  });

  it('is refused, with nothing stored, when its bytes are no JPEG, PNG or WebP image, whatever its name says', async () => {
    const before = await storage().stat('reviews/none.webp');
    expect(before).toBeNull();
    expect(await reencodeImage(htmlWithPngHeader())).toEqual({
      ok: false,
      code: 'unprocessable',
      message: 'That image could not be read. Please save it again as a JPEG or PNG.',
    });
    expect(await reencodeImage(Buffer.from('GIF89a<script>alert(1)</script>'))).toEqual({
      ok: false,
      code: 'unsupported',
      message: 'That file is not a JPEG, PNG or WebP image.',
    });
    expect(
      await reencodeImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
    ).toMatchObject({ ok: false, code: 'unsupported' });

    // Several photos of one form: the refusal names which one, and the photos stored before it are removed.
    const put = vi.spyOn(storage(), 'put');
    const refused = await saveImages(
      'reviews',
      [file(TINY_PNG, 'a.png'), file(htmlWithPngHeader(), 'b.jpg')],
      'review-9',
    );
    expect(refused).toEqual({ ok: false, code: 'unprocessable', message: `Photo 2: ${UPLOAD_MESSAGES.unreadable}` });
    expect(put).toHaveBeenCalledTimes(1);
    expect(await storage().stat(put.mock.calls[0][0])).toBeNull();
    put.mockRestore();
  });
});

describe('removing an upload a record stopped showing', () => {
  const upload = async () => ((await saveImage('avatars', TINY_PNG, 'someone')) as { url: string }).url;

  it('keeps it while a user, review, return, product, gallery row or wellness goal shows it', async () => {
    const db = await getDb();
    const [product] = await db.select({ id: t.products.id }).from(t.products).limit(1);
    const [goal] = await db.select({ key: t.wellnessGoals.key }).from(t.wellnessGoals).limit(1);
    const { user } = await (await getAuth()).api.signUpEmail({
      body: { name: 'Asha Rao', email: 'uses@example.in', password: 'tulsi-leaf-42' },
    });
    const [order] = await db
      .select({ id: t.orders.id })
      .from(t.orders)
      .where(eq(t.orders.orderNumber, await placeTestOrder('uses@example.in')));
    const uses: [string, (url: string) => Promise<unknown>][] = [
      [
        'review photo',
        (url) =>
          db.insert(t.productReviews).values({
            productId: product.id,
            author: 'A',
            rating: 5,
            title: 'Good',
            body: 'Good oil, kept well.',
            photos: ['/x.webp', url],
          }),
      ],
      ['product banner', (url) => db.update(t.products).set({ imageSrc: url }).where(eq(t.products.id, product.id))],
      [
        'wellness goal',
        (url) => db.update(t.wellnessGoals).set({ image: url }).where(eq(t.wellnessGoals.key, goal.key)),
      ],
      [
        'gallery row',
        (url) => db.insert(t.productMedia).values({ productId: product.id, path: uploadKeyOf(url)!, stored: true }),
      ],
      [
        'return photo',
        (url) =>
          db
            .insert(t.returns)
            .values({ orderId: order.id, description: 'The jar arrived cracked.', photos: ['/x.webp', url] }),
      ],
      ['return video', (url) => db.update(t.returns).set({ video: url }).where(eq(t.returns.orderId, order.id))],
      ['account image', (url) => db.update(t.user).set({ image: url }).where(eq(t.user.id, user.id))],
    ];
    for (const [use, record] of uses) {
      const url = await upload();
      await record(url);
      expect(await isUploadReferenced(url), use).toBe(true);
      await discardUnreferenced([url]);
      expect(await stored(url), use).not.toBeNull();
    }
    const unused = await upload();
    expect(await isUploadReferenced(unused)).toBe(false);
    await discardUnreferenced([unused]);
    expect(await stored(unused)).toBeNull();
  });

  it('looks in every column that can hold an upload address', () => {
    const checked = new Set<unknown>([...UPLOAD_ADDRESS_COLUMNS, ...UPLOAD_ADDRESS_LIST_COLUMNS, t.productMedia.path]);
    const mediaLike = /image|photo|video|logo|thumbnail|avatar|media|(^|_)(url|path)$/;
    const columns = Object.values(t)
      .filter((value) => is(value, PgTable))
      .flatMap((table) => Object.values(getTableColumns(table as PgTable)));
    const unchecked = columns
      .filter((column) => mediaLike.test(column.name) && !checked.has(column))
      .map((column) => column.name);
    expect(unchecked).toEqual([]);
  });
});
