import { describe, expect, it } from 'vitest';
import { EXCLUDED_REASONS, judgeReturnRequest, RETURN_MESSAGES } from './returns-policy';

const delivered = new Date('2026-11-20T06:00:00Z');
const hoursLater = (h: number) => new Date(delivered.getTime() + h * 3_600_000);
const request = (over: Partial<Parameters<typeof judgeReturnRequest>[0]> = {}) => ({
  reason: 'defective',
  description: 'The capsules were mouldy.',
  photoCount: 2,
  hasVideo: true,
  ...over,
});

describe('judgeReturnRequest (Refunds policy §2–4)', () => {
  it('accepts a damaged, defective or incorrect item with photos and an unboxing video', () => {
    for (const reason of ['damaged', 'defective', 'incorrect']) {
      expect(judgeReturnRequest(request({ reason }), delivered, hoursLater(24))).toEqual({
        ok: true,
        category: reason,
      });
    }
  });

  it('refuses what the policy excludes, with the policy’s reason', () => {
    expect(judgeReturnRequest(request({ reason: 'changed_mind' }), delivered, hoursLater(1))).toEqual({
      ok: false,
      errors: { reason: EXCLUDED_REASONS.changed_mind.message },
    });
    expect(judgeReturnRequest(request({ reason: 'opened' }), delivered, hoursLater(1))).toEqual({
      ok: false,
      errors: { reason: EXCLUDED_REASONS.opened.message },
    });
    expect(judgeReturnRequest(request({ reason: 'no_results' }), delivered, hoursLater(1))).toMatchObject({
      ok: false,
      errors: { reason: expect.stringContaining('expected results') },
    });
  });

  it('needs photos, a video, a description and a known reason', () => {
    expect(
      judgeReturnRequest(
        request({ reason: '', description: 'short', photoCount: 0, hasVideo: false }),
        delivered,
        hoursLater(1),
      ),
    ).toEqual({
      ok: false,
      errors: {
        reason: RETURN_MESSAGES.reason,
        description: RETURN_MESSAGES.description,
        photos: RETURN_MESSAGES.photos,
        video: RETURN_MESSAGES.video,
      },
    });
    expect(judgeReturnRequest(request({ photoCount: 7 }), delivered, hoursLater(1))).toMatchObject({
      ok: false,
      errors: { photos: RETURN_MESSAGES.photos },
    });
  });

  it('takes damage in transit within 48 hours of delivery only', () => {
    expect(judgeReturnRequest(request({ reason: 'damaged' }), delivered, hoursLater(48))).toMatchObject({ ok: true });
    expect(judgeReturnRequest(request({ reason: 'damaged' }), delivered, hoursLater(49))).toEqual({
      ok: false,
      errors: { reason: RETURN_MESSAGES.damageLate },
    });
    expect(judgeReturnRequest(request({ reason: 'incorrect' }), delivered, hoursLater(100))).toMatchObject({
      ok: true,
    });
  });
});
