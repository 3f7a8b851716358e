// Profile images on a real database and the local storage: an upload goes through the store's one image
// path (a clean WebP, no location), the account's image is only ever such an upload, and a replaced
// image's file is removed once the new one is saved unless another record shows it too; a failure to
// remove it does not undo the change.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataDir, getDb } from '../../db/client';
import { productReviews, user as users } from '../../db/schema';
import { decompressionBombPng, exifHasGps, jpegWithHtml, photoWithLocation } from '../../../tests/support/images';
import { GET as avatarRoute } from '../../pages/media/avatars/[file]';
import { storage } from '../../server/storage/storage.server';
import { UPLOAD_MESSAGES } from '../../server/storage/uploads.server';
import { AUTH_MESSAGES } from './auth-forms';
import { getAuth } from './auth.server';
import { accountForm, profileRequest } from './profile.server';
import { callAuth } from './request.server';

const ORIGIN = 'http://store.test';
const PASSWORD = 'tulsi-leaf-42';

afterEach(() => vi.restoreAllMocks());

const avatarFiles = async (userId: string) =>
  (await readdir(path.join(dataDir(), 'uploads', 'avatars')).catch(() => [] as string[])).filter((f) =>
    f.startsWith(`${userId}-`),
  );

/** A PNG of one colour: each upload's bytes differ, so the one served can be told apart. */
const png = (red: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: red, g: 90, b: 60 } } })
    .png()
    .toBuffer();

/** A signed-in customer who posts the profile page's forms and opens /dashboard, as a browser would. */
async function customer(email: string) {
  const { user } = await (await getAuth()).api.signUpEmail({ body: { name: 'Asha Rao', email, password: PASSWORD } });
  const signedIn = await callAuth(
    { request: new Request(`${ORIGIN}/sign-in`, { method: 'POST' }), clientAddress: '192.0.2.7' },
    '/sign-in/email',
    { email, password: PASSWORD },
  );
  const cookie = signedIn.setCookies.map((c) => c.split(';')[0]).join('; ');
  const page = (pathname: string, init: RequestInit = {}) => {
    const request = new Request(`${ORIGIN}${pathname}`, { ...init, headers: { cookie, origin: ORIGIN } });
    return {
      request,
      url: new URL(request.url),
      clientAddress: '192.0.2.7',
      response: { headers: new Headers(), status: 200 },
      redirect: (to: string, status?: number) =>
        new Response(null, { status: status ?? 302, headers: { location: to } }),
    };
  };
  return {
    id: user.id,
    /** Posts the "Profile image" form of /dashboard/profile. */
    async uploadAvatar(bytes: Buffer, name = 'me.png') {
      const form = new FormData();
      form.set('action', 'image');
      form.set('image', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      const context = page('/dashboard/profile', { method: 'POST', body: form });
      const { outcome } = await accountForm(context, (posted, signedInUser) =>
        profileRequest(context, signedInUser, posted),
      );
      return outcome;
    },
    /** better-auth's update-user, called by hand with this account's session. */
    updateUser: (body: Record<string, unknown>) =>
      callAuth(page('/api/auth/update-user', { method: 'POST' }), '/update-user', body),
    /** The image /dashboard shows. */
    async shownAvatar() {
      const { user: shown } = await accountForm(page('/dashboard'), async () => ({ ok: true }));
      return shown!.image;
    },
  };
}

const served = async (url: string) => {
  const response = await avatarRoute({
    params: { file: url.split('/').pop() },
    request: new Request(`${ORIGIN}${url}`),
  } as unknown as Parameters<typeof avatarRoute>[0]);
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
};

/** The red of an image's first pixel (a re-encoded WebP is within a few steps of the original's). */
const redOf = async (image: Buffer) => (await sharp(image).raw().toBuffer())[0];

describe('replacing a profile image', () => {
  it('keeps only the latest file; /dashboard shows it and the earlier addresses answer 404', async () => {
    const asha = await customer('avatar-twice@example.in');
    const uploads = [await png(10), await png(120), await png(240)];
    const shown: string[] = [];
    for (const bytes of uploads) {
      expect(await asha.uploadAvatar(bytes)).toMatchObject({
        ok: true,
        notice: 'Your profile image has been updated.',
      });
      shown.push((await asha.shownAvatar())!);
    }

    expect(new Set(shown).size).toBe(3);
    expect(await avatarFiles(asha.id)).toEqual([shown[2].split('/').pop()]);
    const latest = await served(shown[2]);
    expect(latest.status).toBe(200);
    expect(Math.abs((await redOf(latest.body)) - 240)).toBeLessThanOrEqual(4);
    for (const earlier of shown.slice(0, 2)) expect((await served(earlier)).status).toBe(404);
  });

  it('leaves the file when another account shows the same address', async () => {
    const first = await customer('avatar-shared-1@example.in');
    const second = await customer('avatar-shared-2@example.in');
    await first.uploadAvatar(await png(30));
    const sharedImage = (await first.shownAvatar())!;
    await (await getDb()).update(users).set({ image: sharedImage }).where(eq(users.id, second.id));

    await first.uploadAvatar(await png(60));
    expect(await second.shownAvatar()).toBe(sharedImage);
    expect((await served(sharedImage)).status).toBe(200);
  });

  it('keeps the new image when the old file cannot be removed, and logs why', async () => {
    const asha = await customer('avatar-stuck@example.in');
    await asha.uploadAvatar(await png(90));
    const before = (await asha.shownAvatar())!;
    vi.spyOn(storage(), 'delete').mockRejectedValueOnce(new Error('storage is down'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    expect(await asha.uploadAvatar(await png(180))).toMatchObject({ ok: true });
    const after = (await asha.shownAvatar())!;
    expect(after).not.toBe(before);
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining(before),
      expect.objectContaining({ message: 'storage is down' }),
    );
    expect((await served(after)).status).toBe(200);
  });

  it('keeps the file while a review shows the same address', async () => {
    const asha = await customer('avatar-in-review@example.in');
    await asha.uploadAvatar(await png(45));
    const image = (await asha.shownAvatar())!;
    await (await getDb()).insert(productReviews).values({
      productId: 1,
      author: 'Asha R.',
      rating: 5,
      title: 'Lovely',
      body: 'My own photo of the jar.',
      photos: [image],
    });

    expect(await asha.uploadAvatar(await png(75))).toMatchObject({ ok: true });
    expect(await asha.shownAvatar()).not.toBe(image);
    expect((await served(image)).status).toBe(200);
  });
});

describe('uploading a profile image', () => {
  it('a phone photo is shown upright as a WebP without its location or camera details, with nosniff', async () => {
    const asha = await customer('avatar-gps@example.in');
    const photo = await photoWithLocation();
    expect(exifHasGps((await sharp(photo).metadata()).exif)).toBe(true);

    expect(await asha.uploadAvatar(photo, 'IMG_0042.jpg')).toMatchObject({ ok: true });
    const image = (await asha.shownAvatar())!;
    expect(image).toMatch(new RegExp(`^/media/avatars/${asha.id}-[0-9a-f]{16}\\.webp$`));
    expect(image).not.toContain('IMG_0042');
    const { status, headers, body } = await served(image);
    expect([status, headers.get('content-type'), headers.get('x-content-type-options')]).toEqual([
      200,
      'image/webp',
      'nosniff',
    ]);
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 60 });
    expect([meta.exif, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined]);
  });

  it('a tiny PNG declaring 20 000 × 20 000 pixels is refused with its reason; nothing is stored or changed', async () => {
    const asha = await customer('avatar-bomb@example.in');
    expect(await asha.uploadAvatar(decompressionBombPng(20_000, 20_000))).toMatchObject({
      ok: false,
      code: 'too_large',
      message: 'That image is too large (max 40 megapixels).',
    });
    expect(await asha.uploadAvatar(Buffer.from('<svg onload="alert(1)"/>'))).toMatchObject({
      ok: false,
      code: 'unsupported',
      message: UPLOAD_MESSAGES.notImage,
    });
    expect(await asha.shownAvatar()).toBeNull();
    expect(await avatarFiles(asha.id)).toEqual([]);
  });

  it('a JPEG carrying a script is stored as the picture alone', async () => {
    const asha = await customer('avatar-polyglot@example.in');
    expect(await asha.uploadAvatar(await jpegWithHtml(), 'me.html')).toMatchObject({ ok: true });
    const { headers, body } = await served((await asha.shownAvatar())!);
    expect(headers.get('content-type')).toBe('image/webp');
    expect(body.includes('<script')).toBe(false);
  });
});

describe('the account image through better-auth', () => {
  it('is refused unless it is a profile image this account uploaded, whatever form the request takes', async () => {
    const asha = await customer('avatar-typed@example.in');
    const ravi = await customer('avatar-other@example.in');
    await ravi.uploadAvatar(await png(200));
    const ravisImage = (await ravi.shownAvatar())!;
    await asha.uploadAvatar(await png(20));
    const ashasImage = (await asha.shownAvatar())!;

    for (const image of [
      'https://tracker.example/pixel.png',
      'javascript:alert(1)',
      '/media/avatars/../../etc/passwd',
      ravisImage,
      ashasImage.replace(/[0-9a-f]{16}\.webp$/, '0123456789abcdef.webp'),
      null,
      42,
    ]) {
      const answer = await asha.updateUser({ image });
      expect([answer.status, answer.message], String(image)).toEqual([400, AUTH_MESSAGES.imageNotUploaded]);
    }
    expect(await asha.shownAvatar()).toBe(ashasImage);
    expect((await asha.updateUser({ name: 'Asha R.' })).ok).toBe(true); // the rest of update-user still works
    expect((await asha.updateUser({ image: ashasImage })).ok).toBe(true);

    const signUp = await callAuth(
      { request: new Request(`${ORIGIN}/sign-up`, { method: 'POST' }), clientAddress: '192.0.2.8' },
      '/sign-up/email',
      { name: 'Typed Image', email: 'avatar-signup@example.in', password: PASSWORD, image: ravisImage },
    );
    expect([signUp.status, signUp.message]).toEqual([400, AUTH_MESSAGES.imageNotUploaded]);
    expect(await (await getDb()).select().from(users).where(eq(users.email, 'avatar-signup@example.in'))).toEqual([]);
  });
});
