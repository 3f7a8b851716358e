import { describe, expect, it } from 'vitest';
import { parseRowId } from './row-id';

describe('parseRowId', () => {
  it('takes whole numbers an integer column can hold and nothing else', () => {
    expect(parseRowId('42')).toBe(42);
    expect(parseRowId(' 7 ')).toBe(7);
    expect(parseRowId(2_147_483_647)).toBe(2_147_483_647);
    for (const bad of ['0', '-1', '2147483648', '99999999999999', '1e3', '1.5', 'abc', '', undefined, null, {}])
      expect(parseRowId(bad)).toBeNull();
  });
});
