import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillStoreIdentity, identityTokens } from './store-identity-in-policies';

const BRAND = {
  legalName: 'Himalayan Roots Wellness LLP',
  address: '22 Rajpur Road, Dehradun, Uttarakhand 248001, India',
  gstin: '05ABCDE1234F1Z5',
  care: { phone: '+91 91234 56780', email: 'help@himalayanroots.in' },
  grievanceOfficer: {
    name: 'Anil Rawat',
    designation: 'Grievance Officer',
    email: 'grievance@himalayanroots.in',
    phone: '+91 91234 56781',
  },
};

describe('policies filled with the store identity', () => {
  it('fills text and link addresses, the phone dialable', () => {
    const html =
      '<p>{{legalName}}, {{address}}. <a href="mailto:%7B%7BcareEmail%7D%7D">{{careEmail}}</a> or ' +
      '<a href="tel:%7B%7BcarePhoneDial%7D%7D">{{carePhone}}</a></p>';
    expect(fillStoreIdentity(html, BRAND)).toBe(
      '<p>Himalayan Roots Wellness LLP, 22 Rajpur Road, Dehradun, Uttarakhand 248001, India. ' +
        '<a href="mailto:help@himalayanroots.in">help@himalayanroots.in</a> or ' +
        '<a href="tel:+919123456780">+91 91234 56780</a></p>',
    );
  });

  it('escapes what it puts in the page, and refuses a token it does not know', () => {
    expect(fillStoreIdentity('<p>{{legalName}}</p>', { ...BRAND, legalName: 'A & B <Ayurveda>' })).toBe(
      '<p>A &amp; B &lt;Ayurveda&gt;</p>',
    );
    expect(() => fillStoreIdentity('<p>{{ownerName}}</p>', BRAND)).toThrow(/ownerName/);
  });

  it('the shipped policies name the store only through the tokens, each one known', () => {
    const known = Object.keys(identityTokens(BRAND));
    for (const file of readdirSync('content/policies')) {
      const text = readFileSync(`content/policies/${file}`, 'utf8');
      for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) expect(known, `${file}: {{${name}}}`).toContain(name);
      expect(text, `${file} spells out the demo store's identity`).not.toMatch(
        /Vedara Ayurveda Pvt|care@vedara\.in|98765 43210|Plot 14|Meera Joshi/,
      );
    }
  });
});
