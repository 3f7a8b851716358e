import { describe, expect, it } from 'vitest';
import { configurationDigest } from './build-if-changed.mjs';

const EXAMPLE = '# Store\nSTORE_LEGAL_NAME=\nSITE_URL=http://localhost:4321\n';

describe('configurationDigest (npm start rebuilds when the configuration a build sees changes)', () => {
  it('changes with a documented variable, from the environment or from .env, and not with others', () => {
    const base = configurationDigest({}, 'STORE_LEGAL_NAME=Vedara Ayurveda Pvt. Ltd.\n', EXAMPLE);
    expect(configurationDigest({}, 'STORE_LEGAL_NAME=Brand Pvt. Ltd.\n', EXAMPLE)).not.toBe(base);
    expect(
      configurationDigest(
        { STORE_LEGAL_NAME: 'Brand Pvt. Ltd.' },
        'STORE_LEGAL_NAME=Vedara Ayurveda Pvt. Ltd.\n',
        EXAMPLE,
      ),
    ).not.toBe(base);
    expect(
      configurationDigest(
        { SITE_URL: 'https://shop.example.in' },
        'STORE_LEGAL_NAME=Vedara Ayurveda Pvt. Ltd.\n',
        EXAMPLE,
      ),
    ).not.toBe(base);
    expect(
      configurationDigest({ HOME: '/root', PATH: '/bin' }, 'STORE_LEGAL_NAME=Vedara Ayurveda Pvt. Ltd.\n', EXAMPLE),
    ).toBe(base);
  });

  it('the environment wins over .env, as at start', () => {
    expect(configurationDigest({ STORE_LEGAL_NAME: 'A' }, 'STORE_LEGAL_NAME=B\n', EXAMPLE)).toBe(
      configurationDigest({}, 'STORE_LEGAL_NAME=A\n', EXAMPLE),
    );
  });
});
