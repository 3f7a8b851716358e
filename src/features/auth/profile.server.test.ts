// Profile images on a real database and the local storage: a replaced image's file is removed once the
// new one is saved, unless another account shows it too; a failure to remove it does not undo the change.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataDir, getDb } from '../../db/client';
import { user as users } from '../../db/schema';
import { GET as avatarRoute } from '../../pages/media/avatars/[file]';
import { storage } from '../media/storage.server';
import { getAuth } from './auth.server';
import { accountForm, profileRequest } from './profile.server';
import { callAuth } from './request.server';

const ORIGIN = 'http://store.test';
const PASSWORD = 'tulsi-leaf-42';

afterEach(() => vi.restoreAllMocks());

const avatarFiles = async (userId: string) =>
  (await readdir(path.join(dataDir(), 'uploads', 'avatars')).catch(() => [] as string[])).filter((f) => f.startsWith(`${userId}-`));

/** A PNG of one colour: each upload's bytes differ, so the one served can be told apart. */
const png = (red: number) => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: red, g: 90, b: 60 } } }).png().toBuffer();

/** A signed-in customer who posts the profile page's forms and opens /dashboard, as a browser would. */
async function customer(email: string) {
  const { user } = await (await getAuth()).api.signUpEmail({ body: { name: 'Asha Rao', email, password: PASSWORD } });
  const signedIn = await callAuth({ request: new Request(`${ORIGIN}/sign-in`, { method: 'POST' }), clientAddress: '192.0.2.7' }, '/sign-in/email', { email, password: PASSWORD });
  const cookie = signedIn.setCookies.map((c) => c.split(';')[0]).join('; ');
  const page = (pathname: string, init: RequestInit = {}) => {
    const request = new Request(`${ORIGIN}${pathname}`, { ...init, headers: { cookie, origin: ORIGIN } });
    return {
      request, url: new URL(request.url), clientAddress: '192.0.2.7',
      response: { headers: new Headers(), status: 200 },
      redirect: (to: string, status?: number) => new Response(null, { status: status ?? 302, headers: { location: to } }),
    };
  };
  return {
    id: user.id,
    /** Posts the "Profile image" form of /dashboard/profile. */
    async uploadAvatar(bytes: Buffer) {
      const form = new FormData();
      form.set('action', 'image');
      form.set('image', new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' }));
      const context = page('/dashboard/profile', { method: 'POST', body: form });
      const { outcome } = await accountForm(context, (posted, signedInUser) => profileRequest(context, signedInUser, posted));
      return outcome;
    },
    /** The image /dashboard shows. */
    async shownAvatar() {
      const { user: shown } = await accountForm(page('/dashboard'), async () => ({ ok: true }));
      return shown!.image;
    },
  };
}

const served = async (url: string) => {
  const response = await avatarRoute({ params: { file: url.split('/').pop() }, request: new Request(`${ORIGIN}${url}`) } as unknown as Parameters<typeof avatarRoute>[0]);
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
};

describe('replacing a profile image', () => {
  it('keeps only the latest file; /dashboard shows it and the earlier addresses answer 404', async () => {
    const asha = await customer('avatar-twice@example.in');
    const uploads = [await png(10), await png(120), await png(240)];
    const shown: string[] = [];
    for (const bytes of uploads) {
      expect(await asha.uploadAvatar(bytes)).toMatchObject({ ok: true, notice: 'Your profile image has been updated.' });
      shown.push((await asha.shownAvatar())!);
    }

    expect(new Set(shown).size).toBe(3);
    expect(await avatarFiles(asha.id)).toEqual([shown[2].split('/').pop()]);
    expect(await served(shown[2])).toEqual({ status: 200, body: uploads[2] });
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
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(before), expect.objectContaining({ message: 'storage is down' }));
    expect((await served(after)).status).toBe(200);
  });
});
