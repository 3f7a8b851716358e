import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml';

describe('escapeXml', () => {
  it('escapes the five markup characters and leaves the rest alone', () => {
    expect(escapeXml(`a & <b> "c" 'd' ₹499`)).toBe('a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos; ₹499');
  });
});
