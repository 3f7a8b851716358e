import { describe, expect, it } from 'vitest';
import { videoExtension } from './video-type';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('videoExtension', () => {
  it('recognises MP4, QuickTime and WebM by their first bytes', () => {
    expect(videoExtension(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))).toBe('mp4');
    expect(videoExtension(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0]))).toBe('mov');
    expect(videoExtension(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm', [0x42, 0x87]))).toBe('webm');
  });

  it('refuses anything else, whatever its name would say', () => {
    expect(videoExtension(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBeNull();
    expect(videoExtension(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska'))).toBeNull();
    expect(videoExtension(bytes('hello world, not a video'))).toBeNull();
    expect(videoExtension(new Uint8Array())).toBeNull();
  });
});
