import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  APPOINTMENT_SLOTS,
  dateProblem,
  lastBookableDate,
  indiaNow,
  isValidAppointmentEmail,
  isValidAppointmentPhone,
  formatAppointmentWhen,
  appointmentStartsAt,
  pastSlots,
  validateAppointment,
} from './appointments';

// Monday 2026-11-23, 10:15 in India = 04:45 UTC.
const mondayMorningIndia = new Date('2026-11-23T04:45:00Z');
const valid = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  date: '2026-11-24',
  time: '09:00 AM',
  notes: '',
};

describe('appointment slots', () => {
  it('has 18 half-hour slots from 09:00 AM to 05:30 PM', () => {
    expect(APPOINTMENT_SLOTS).toHaveLength(18);
    expect(APPOINTMENT_SLOTS[0]).toBe('09:00 AM');
    expect(APPOINTMENT_SLOTS.slice(5, 8)).toEqual(['11:30 AM', '12:00 PM', '12:30 PM']);
    expect(APPOINTMENT_SLOTS.at(-1)).toBe('05:30 PM');
  });
});

describe('dates in India time', () => {
  it('knows the Indian date even when UTC is still on the previous day', () => {
    expect(indiaNow(new Date('2026-11-22T20:00:00Z')).date).toBe('2026-11-23'); // 01:30 IST Monday
  });

  it('refuses past dates and weekends with the spec message', () => {
    expect(dateProblem('2026-11-20', mondayMorningIndia)).toBe('Please choose today or a later date.');
    expect(dateProblem('2026-11-28', mondayMorningIndia)).toBe('Weekends are unavailable. Please select Mon–Fri.');
    expect(dateProblem('2026-11-29', mondayMorningIndia)).toBe('Weekends are unavailable. Please select Mon–Fri.');
    expect(dateProblem('2026-11-23', mondayMorningIndia)).toBeNull();
    expect(dateProblem('2026-02-30', mondayMorningIndia)).toBe('Please choose a date.');
  });

  it('closes the slots of today that have already started', () => {
    expect(pastSlots('2026-11-23', mondayMorningIndia)).toEqual(['09:00 AM', '09:30 AM', '10:00 AM']);
    expect(pastSlots('2026-11-24', mondayMorningIndia)).toEqual([]);
  });
});

describe('contact rules', () => {
  it('checks the email: no whitespace, one @, a dot in the domain', () => {
    expect(isValidAppointmentEmail('a@b.in')).toBe(true);
    for (const bad of ['a@b', 'a b@c.in', 'a@@b.in', 'ab.in', 'a@b.in '])
      expect(isValidAppointmentEmail(bad), bad).toBe(false);
  });

  it('checks the phone like checkout: an Indian mobile, spaces, dashes and +91 allowed', () => {
    for (const good of ['9876543210', '98765 43210', '+91 98765 43210', '+91-98765-43210', '098765 43210'])
      expect(isValidAppointmentPhone(good), good).toBe(true);
    for (const bad of ['1234567', '123456789012345', '5876543210', '98765 4321', '+44 7911 123456', '+91 98765 432100'])
      expect(isValidAppointmentPhone(bad), bad).toBe(false);
  });

  it('names an appointment’s time as "Wed, 9 Dec 2026, 10:00 AM IST"; the slot begins at that instant in India', () => {
    expect(formatAppointmentWhen('2026-12-09', '10:00 AM')).toBe('Wed, 9 Dec 2026, 10:00 AM IST');
    expect(formatAppointmentWhen('2026-12-10', '09:30 AM')).toBe('Thu, 10 Dec 2026, 9:30 AM IST');
    expect(formatAppointmentWhen('2027-01-04', '05:30 PM')).toBe('Mon, 4 Jan 2027, 5:30 PM IST');
    expect(appointmentStartsAt('2026-12-09', '10:00 AM').toISOString()).toBe('2026-12-09T04:30:00.000Z');
    expect(appointmentStartsAt('2026-12-09', '05:30 PM').toISOString()).toBe('2026-12-09T12:00:00.000Z');
  });
});

describe('validateAppointment', () => {
  it('accepts a complete weekday booking', () => {
    expect(validateAppointment(valid, mondayMorningIndia)).toEqual({});
  });

  it('requires a slot, a known slot, and one that has not passed', () => {
    expect(validateAppointment({ ...valid, time: '' }, mondayMorningIndia).time).toBe('Please choose a time slot.');
    expect(validateAppointment({ ...valid, time: '06:00 PM' }, mondayMorningIndia).time).toBe(
      'Please choose a time slot.',
    );
    expect(validateAppointment({ ...valid, date: '2026-11-23', time: '09:30 AM' }, mondayMorningIndia).time).toBe(
      'This time has already passed. Please choose a later slot.',
    );
  });

  it('reports every bad field at once', () => {
    expect(
      Object.keys(
        validateAppointment({ ...valid, name: ' ', email: 'x', phone: '1', date: '2026-11-28' }, mondayMorningIndia),
      ).sort(),
    ).toEqual(['date', 'email', 'name', 'phone']);
  });
});

describe('booking calendar: horizon and closed days', () => {
  const monday = new Date('2026-11-23T04:45:00Z'); // Monday 10:15 IST
  const calendar = { horizonDays: 60, blocked: { '2026-12-25': 'Christmas' } };

  it('refuses a closed day with its reason and a date past the horizon with the last open date', () => {
    expect(dateProblem('2026-12-25', monday, calendar)).toBe(
      'We are closed on this day (Christmas). Please choose another date.',
    );
    expect(lastBookableDate(30, monday)).toBe('2026-12-23');
    expect(dateProblem('2026-12-23', monday, { ...calendar, horizonDays: 30 })).toBeNull();
    expect(dateProblem('2026-12-24', monday, { ...calendar, horizonDays: 30 })).toBe(
      'Bookings are open up to Wed, 23 Dec 2026. Please choose an earlier date.',
    );
    expect(dateProblem('2099-01-05', monday, calendar)).toMatch(/^Bookings are open up to/);
    // Without a calendar (the fixed rules only) the far date is a weekday like any other.
    expect(dateProblem('2099-01-05', monday)).toBeNull();
  });

  it('never accepts a date past the horizon, whatever the horizon and date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 365 }), fc.integer({ min: 0, max: 800 }), (horizon, offset) => {
        const date = addDays('2026-11-23', offset);
        const problem = dateProblem(date, monday, { horizonDays: horizon, blocked: {} });
        if (offset > horizon) expect(problem).toMatch(/^Bookings are open up to/);
        else if (problem) expect(problem).toBe('Weekends are unavailable. Please select Mon–Fri.');
      }),
    );
  });
});
