import { describe, expect, it } from 'vitest';
import { formHasRefusedCharacter, jsonHasRefusedCharacter, urlHasRefusedCharacter } from './refused-characters';

describe('characters PostgreSQL refuses', () => {
  it('finds a NUL in the path, a query value or a query name, encoded or not', () => {
    expect(urlHasRefusedCharacter(new URL('http://s.test/search?q=a%00b'))).toBe(true);
    expect(urlHasRefusedCharacter(new URL('http://s.test/api/recommendations?category=%00'))).toBe(true);
    expect(urlHasRefusedCharacter(new URL('http://s.test/search?q%00=a'))).toBe(true);
    expect(urlHasRefusedCharacter(new URL('http://s.test/product/1%00'))).toBe(true);
    expect(urlHasRefusedCharacter(new URL('http://s.test/product/%E0%A4%00'))).toBe(true); // malformed, still caught
  });

  it('lets ordinary and unusual text through', () => {
    for (const url of ['/search?q=tulsi+%26+ashwagandha', '/search?q=%F0%9F%8C%BF', '/search?q=100%25', '/p/%E0%A4']) {
      expect(urlHasRefusedCharacter(new URL(`http://s.test${url}`)), url).toBe(false);
    }
  });

  it('walks JSON strings and keys at any depth', () => {
    expect(jsonHasRefusedCharacter(JSON.parse('{"a":{"b":["x","y\\u0000"]}}'))).toBe(true);
    expect(jsonHasRefusedCharacter(JSON.parse('{"a\\u0000":1}'))).toBe(true);
    expect(jsonHasRefusedCharacter(JSON.parse('{"a":"\\\\u0000"}'))).toBe(false); // a backslash and "u0000"
    expect(jsonHasRefusedCharacter({ n: 1, ok: true, none: null })).toBe(false);
  });

  it('checks form field names, text values and file names, never file bytes', () => {
    const form = new FormData();
    form.set('photo', new File([new Uint8Array([0, 1, 0])], 'photo.jpg'));
    form.set('reason', 'damaged');
    expect(formHasRefusedCharacter(form)).toBe(false);
    form.set('source', 'foot\u0000er');
    expect(formHasRefusedCharacter(form)).toBe(true);
    expect(formHasRefusedCharacter(new URLSearchParams('email=a%40b.in&source=%00'))).toBe(true);
  });
});
