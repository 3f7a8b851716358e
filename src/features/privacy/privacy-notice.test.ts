// The privacy notice (/privacy, content/policies/privacy.md) names every purpose we ask consent for, in
// its section on consent, by the title the account's privacy page shows: a purpose added to consent.ts
// without the notice fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSENT_PURPOSE_TEXT, CONSENT_PURPOSES } from './consent';

const notice = readFileSync(join(import.meta.dirname, '../../../content/policies/privacy.md'), 'utf8');
const section = (heading: string) => {
  const start = notice.indexOf(`\n## ${heading}`);
  expect(start, `section “${heading}”`).toBeGreaterThan(0);
  const end = notice.indexOf('\n## ', start + 1);
  return notice.slice(start, end < 0 ? undefined : end).toLowerCase();
};

describe('the privacy notice', () => {
  it.each(CONSENT_PURPOSES)('names the consent purpose %s in “Consent and Lawful Use”', (purpose) => {
    expect(section('4. Consent and Lawful Use')).toContain(`**${CONSENT_PURPOSE_TEXT[purpose].title.toLowerCase()}**`);
  });
});
