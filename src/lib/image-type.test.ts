import { describe, expect, it } from 'vitest';
import { imageExtension } from './image-type';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0)]);

describe('uploaded image type', () => {
  it('recognises PNG, JPEG and WebP by their signature, and nothing else', () => {
    expect(imageExtension(bytes(0x89, 0x50, 0x4e, 0x47))).toBe('png');
    expect(imageExtension(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg');
    expect(imageExtension(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(imageExtension(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(imageExtension(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
});
