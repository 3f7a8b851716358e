import { describe, expect, it } from 'vitest';
import { byIntent, handleForm, readPostedForm, refuse, typedValue, UNKNOWN_INTENT } from './form.server';
import { ERROR_CODES } from '../../lib/errors';
import { STATUS_OF_CODE } from './error-status';

const post = (fields: Record<string, string>) =>
  new Request('http://store.test/admin/x', { method: 'POST', body: new URLSearchParams(fields) });
const page = (request: Request) => {
  const redirects: string[] = [];
  return {
    context: {
      request,
      response: {} as { status?: number },
      redirect: (path: string, status?: number) => {
        redirects.push(`${status} ${path}`);
        return new Response(null, { status, headers: { location: path } });
      },
    },
    redirects,
  };
};

describe('form posts', () => {
  it('answers each typed code with its status, whatever the message says', async () => {
    for (const code of ERROR_CODES) {
      const { context } = page(post({}));
      const result = await handleForm(context, () => refuse(code, 'Too many attempts. Please wait.'));
      expect(context.response.status, code).toBe(STATUS_OF_CODE[code]);
      expect(context.response.status, code).toBeGreaterThanOrEqual(400);
      expect(result.outcome).toMatchObject({ ok: false, code });
    }
  });

  it('redirects a success that asks for it with a 303 and leaves a notice to the page', async () => {
    const first = page(post({}));
    expect(
      (await handleForm(first.context, () => ({ ok: true, redirect: '/admin/x?notice=saved' }))).response?.status,
    ).toBe(303);
    expect(first.redirects).toEqual(['303 /admin/x?notice=saved']);
    const second = page(post({}));
    expect((await handleForm(second.context, () => ({ ok: true, notice: 'Saved.' }))).outcome).toEqual({
      ok: true,
      notice: 'Saved.',
    });
    expect(second.context.response.status).toBeUndefined();
  });

  it('refuses a NUL in a text field of a large upload with 400 before the handler runs; a file may hold NULs', async () => {
    const upload = new FormData();
    upload.set('photo', new File([new Uint8Array([0xff, 0xd8, 0, 0])], 'p.jpg', { type: 'image/jpeg' }));
    upload.set('reason', 'damaged\u0000');
    let called = false;
    const { context } = page(new Request('http://store.test/order/VA-1', { method: 'POST', body: upload }));
    const result = await handleForm(context, () => {
      called = true;
      return { ok: true };
    });
    expect(called).toBe(false);
    expect(context.response.status).toBe(400);
    expect(result.outcome).toMatchObject({ ok: false, code: 'invalid', message: expect.stringMatching(/NUL byte/) });
    upload.set('reason', 'damaged');
    const clean = page(new Request('http://store.test/order/VA-1', { method: 'POST', body: upload }));
    expect((await handleForm(clean.context, () => ({ ok: true, notice: 'Sent.' }))).outcome).toEqual({
      ok: true,
      notice: 'Sent.',
    });
  });

  it('does nothing on a GET', async () => {
    let called = false;
    const { context } = page(new Request('http://store.test/admin/x'));
    expect(
      await handleForm(context, () => {
        called = true;
        return { ok: true };
      }),
    ).toEqual({ outcome: undefined });
    expect(called).toBe(false);
  });

  it('runs the handler of the intent and refuses any other (including inherited names) as invalid', async () => {
    const form = await readPostedForm(post({ intent: 'save' }));
    expect(await byIntent(form, { save: () => ({ ok: true, notice: 'Saved.' }) })).toEqual({
      ok: true,
      notice: 'Saved.',
    });
    for (const intent of ['drop', 'toString', '']) {
      expect(await byIntent(await readPostedForm(post({ intent })), { save: () => ({ ok: true }) })).toEqual({
        ok: false,
        code: 'invalid',
        message: UNKNOWN_INTENT,
      });
    }
  });

  it('reads an unreadable body as an empty form, and text fields trimmed', async () => {
    const broken = new Request('http://store.test/x', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'nonsense',
    });
    expect((await readPostedForm(broken)).values()).toEqual({});
    const form = await readPostedForm(post({ name: '  Asha\r\nRao ', id: '12', bad: '1e3' }));
    expect(form.text('name')).toBe('Asha\nRao');
    expect(form.raw('name')).toBe('  Asha\r\nRao ');
    expect([form.id('id'), form.id('bad'), form.id('missing')]).toEqual([12, 0, 0]);
  });

  it('fills in again only the form that was refused', async () => {
    const form = await readPostedForm(post({ value: 'Sleep' }));
    const outcome = refuse('unprocessable', 'Check.', { target: 'SLEEP', form });
    expect(typedValue(outcome, 'SLEEP', 'value', 'old')).toBe('Sleep');
    expect(typedValue(outcome, 'GUT', 'value', 'old')).toBe('old');
  });
});
