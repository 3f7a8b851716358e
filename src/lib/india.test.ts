import { describe, expect, it } from 'vitest';
import {
  formatIndianMobile,
  indianMobileE164,
  indianStateOrUt,
  INDIAN_STATES_AND_UTS,
  isValidPinCode,
  mobileLinks,
  normaliseIndianMobile,
} from './india';

describe('Indian states and union territories', () => {
  it('lists all 36, each once', () => {
    expect(INDIAN_STATES_AND_UTS).toHaveLength(36);
    expect(new Set(INDIAN_STATES_AND_UTS).size).toBe(36);
  });

  it('reads each name as written, in any case and spacing', () => {
    for (const state of INDIAN_STATES_AND_UTS) expect(indianStateOrUt(` ${state.toUpperCase()} `)).toBe(state);
  });

  it('reads older spellings, "&" for "and" and the merged union territories as the store’s names', () => {
    expect(indianStateOrUt('Orissa')).toBe('Odisha');
    expect(indianStateOrUt('Pondicherry')).toBe('Puducherry');
    expect(indianStateOrUt('Uttaranchal')).toBe('Uttarakhand');
    expect(indianStateOrUt('Chattisgarh')).toBe('Chhattisgarh');
    expect(indianStateOrUt('Jammu & Kashmir')).toBe('Jammu and Kashmir');
    expect(indianStateOrUt('Andaman & Nicobar')).toBe('Andaman and Nicobar Islands');
    expect(indianStateOrUt('Dadra & Nagar Haveli')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(indianStateOrUt('Daman & Diu')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(indianStateOrUt('NCT of Delhi')).toBe('Delhi');
  });

  it('knows no other places', () => {
    for (const unknown of ['Atlantis', 'Bombay', '', 'Andhra']) expect(indianStateOrUt(unknown)).toBeNull();
  });
});

describe('normaliseIndianMobile', () => {
  it('keeps the 10 digits, dropping a +91 or 0 prefix and separators', () => {
    expect(normaliseIndianMobile('9876543210')).toBe('9876543210');
    expect(normaliseIndianMobile('+91 98765 43210')).toBe('9876543210');
    expect(normaliseIndianMobile('09876543210')).toBe('9876543210');
    expect(normaliseIndianMobile('(+91) 98765-43210')).toBe('9876543210');
  });

  it('refuses numbers that are not Indian mobiles', () => {
    for (const bad of ['5876543210', '987654321', '98765432100', '+1 9876543210', 'phone', '']) {
      expect(normaliseIndianMobile(bad), bad).toBeNull();
    }
  });
});

describe('indianMobileE164', () => {
  it('writes each usual way of giving a mobile as +91 and ten digits', () => {
    for (const typed of ['98765 43210', '+91 98765 43210', '09876543210', '+919876543210', '98765-43210']) {
      expect(indianMobileE164(typed), typed).toBe('+919876543210');
    }
  });

  it('refuses foreign, short and landline numbers', () => {
    for (const bad of ['+44 7911 123456', '+1 415 555 0100', '98765 4321', '011 2345 6789', '']) {
      expect(indianMobileE164(bad), bad).toBeNull();
    }
  });
});

describe('formatIndianMobile', () => {
  it('shows a kept mobile in two groups of five after +91', () => {
    expect(formatIndianMobile('+919876543210')).toBe('+91 98765 43210');
  });
});

describe('isValidPinCode', () => {
  it('accepts 6 digits not starting with 0', () => {
    expect(isValidPinCode('249401')).toBe(true);
    expect(isValidPinCode('049401')).toBe(false);
    expect(isValidPinCode('24940')).toBe(false);
    expect(isValidPinCode('24940a')).toBe(false);
  });
});

describe('links to a customer’s mobile', () => {
  it('calls and opens WhatsApp on the +91 number, whatever way it was typed', () => {
    expect(mobileLinks('98765 43210')).toEqual({ tel: 'tel:+919876543210', whatsapp: 'https://wa.me/919876543210' });
    expect(mobileLinks('+91-9876543210')).toEqual({ tel: 'tel:+919876543210', whatsapp: 'https://wa.me/919876543210' });
    expect(mobileLinks('12345')).toBeNull();
  });
});
