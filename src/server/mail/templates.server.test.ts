import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '../config/env.server';
import { renderMail } from './templates.server';

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

describe('renderMail', () => {
  it('signs every mail with the store identity as configured, not the demo brand', () => {
    vi.stubEnv('STORE_LEGAL_NAME', 'Himalayan Roots Wellness LLP');
    vi.stubEnv('STORE_ADDRESS', '22 Rajpur Road, Dehradun, Uttarakhand 248001, India');
    vi.stubEnv('STORE_CARE_EMAIL', 'help@himalayanroots.in');
    vi.stubEnv('STORE_CARE_PHONE', '+91 91234 56780');
    resetEnv();
    const mail = renderMail({ subject: 'Hello', greeting: 'Namaste,', paragraphs: ['Body.'] });
    const footer =
      'Himalayan Roots Wellness LLP · 22 Rajpur Road, Dehradun, Uttarakhand 248001, India · help@himalayanroots.in · +91 91234 56780';
    expect(mail.text).toContain(footer);
    expect(mail.html).toContain(footer);
    expect(mail.text).not.toContain('vedara');
  });
});
