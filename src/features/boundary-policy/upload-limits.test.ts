import { describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../server/http/body-limit';
import { MAX_PHOTO_BYTES, MAX_RETURN_PHOTOS, MAX_VIDEO_BYTES } from '../orders/returns-policy';
import { baseLimitFor, bodyLimitFor, MAX_BODY_LIMIT } from './upload-limits';

const MB = 1024 * 1024;

describe('bodyLimitFor', () => {
  it('gives upload pages their own cap and everything else a few MB', () => {
    expect(bodyLimitFor('/api/checkout')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('/newsletter')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('/admin/products/4/media')).toBe(60 * MB);
    expect(bodyLimitFor('/dashboard/profile')).toBeGreaterThan(2 * MB); // the image itself may be 2 MB
    // a return: every photo and the unboxing video at their largest
    expect(bodyLimitFor('/orders/VED-1001')).toBeGreaterThan(MAX_RETURN_PHOTOS * MAX_PHOTO_BYTES + MAX_VIDEO_BYTES);
    expect(bodyLimitFor('/order/VED-1001')).toBe(bodyLimitFor('/orders/VED-1001'));
    expect(bodyLimitFor('/administrator')).toBe(DEFAULT_BODY_LIMIT);
    expect(MAX_BODY_LIMIT).toBe(60 * MB);
  });

  it('holds the web-vitals beacon to a few KB whoever sends it, and other pages to the default', () => {
    expect(baseLimitFor('/api/vitals')).toBe(4 * 1024);
    expect(baseLimitFor('/API/Vitals/')).toBe(4 * 1024);
    expect(baseLimitFor('/api/vitals-export')).toBe(DEFAULT_BODY_LIMIT);
    expect(baseLimitFor('/admin/products/4/media')).toBe(DEFAULT_BODY_LIMIT);
  });
});
