// Appointment rules (spec §5, §9), in India time, shared by the booking form and the server.
import { INDIAN_MOBILE_MESSAGE, normaliseIndianMobile } from './india';

export const APPOINTMENT_TIME_ZONE = 'Asia/Kolkata';

/** 30-minute slots from 09:00 AM to 05:30 PM: 18 labels like '09:00 AM'. */
export const APPOINTMENT_SLOTS: readonly string[] = Array.from({ length: 18 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  const hour24 = Math.floor(minutes / 60);
  const hour12 = hour24 > 12 ? hour24 - 12 : hour24;
  return `${String(hour12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${hour24 < 12 ? 'AM' : 'PM'}`;
});

export const APPOINTMENT_MESSAGES = {
  slotTaken: 'This time slot is already booked.',
  weekend: 'Weekends are unavailable. Please select Mon–Fri.',
  pastDate: 'Please choose today or a later date.',
  pastSlot: 'This time has already passed. Please choose a later slot.',
  slotRequired: 'Please choose a time slot.',
  name: 'Please enter your name.',
  email: 'Please enter a valid email address.',
  phone: INDIAN_MOBILE_MESSAGE,
  date: 'Please choose a date.',
  failed: 'Error booking appointment. Please try again.',
  confirmedTitle: 'Appointment Confirmed!',
  confirmedText: 'Thank you for booking. You’ll receive a confirmation email shortly.',
  blocked: (reason: string) => `We are closed on this day (${reason}). Please choose another date.`,
  beyondHorizon: (lastDate: string) => `Bookings are open up to ${formatDay(lastDate)}. Please choose an earlier date.`,
} as const;

/** Days closed for booking and how far ahead shoppers may book (staff set both at /admin/appointments). */
export interface BookingCalendar {
  horizonDays: number;
  /** Closed dates (YYYY-MM-DD) and why. */
  blocked: Record<string, string>;
}

export const DEFAULT_HORIZON_DAYS = 60;

/** 'Fri, 25 Dec 2026' for a calendar date, the same wherever the reader is. */
export function formatDay(date: string): string {
  // Built from its parts: the en-IN pattern of some ICU versions puts a comma before the year.
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-IN', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
      .formatToParts(new Date(`${date}T00:00:00Z`))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`;
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last date a shopper may book today. */
export const lastBookableDate = (horizonDays: number, now: Date = new Date()) =>
  addDays(indiaNow(now).date, horizonDays);

/** No whitespace, exactly one @, a dot in the domain. */
export const isValidAppointmentEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
/** An Indian mobile written as checkout takes it ('98765 43210', '+91 98765 43210'): the one phone rule. */
export const isValidAppointmentPhone = (phone: string) => normaliseIndianMobile(phone) !== null;

/** The calendar date (YYYY-MM-DD) and minutes since midnight in India at `now`. */
export function indiaNow(now: Date = new Date()): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: APPOINTMENT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** A real calendar date as YYYY-MM-DD (year 0001 on: PostgreSQL has no year 0). */
export function isIsoDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < '0001-01-01') return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date);
}

/** Saturday or Sunday, for a calendar date (independent of the viewer's time zone). */
export const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

export const slotMinutes = (slot: string) => {
  const match = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(slot);
  if (!match) return NaN;
  const hour = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return hour * 60 + Number(match[2]);
};

/** Why this date cannot be booked, or null. Without a calendar only the fixed rules apply. */
export function dateProblem(date: string, now: Date = new Date(), calendar?: BookingCalendar): string | null {
  if (!isIsoDate(date)) return APPOINTMENT_MESSAGES.date;
  if (date < indiaNow(now).date) return APPOINTMENT_MESSAGES.pastDate;
  if (calendar) {
    const last = lastBookableDate(calendar.horizonDays, now);
    if (date > last) return APPOINTMENT_MESSAGES.beyondHorizon(last);
  }
  if (isWeekend(date)) return APPOINTMENT_MESSAGES.weekend;
  if (!calendar) return null;
  const reason = calendar.blocked[date];
  if (reason !== undefined) return APPOINTMENT_MESSAGES.blocked(reason);
  return null;
}

/** Slots of that date that have already started (only today has any). */
export function pastSlots(date: string, now: Date = new Date()): string[] {
  const india = indiaNow(now);
  if (date !== india.date) return date < india.date ? [...APPOINTMENT_SLOTS] : [];
  return APPOINTMENT_SLOTS.filter((slot) => slotMinutes(slot) <= india.minutes);
}

export interface AppointmentInput {
  name: string;
  email: string;
  phone: string;
  date: string;
  time: string;
  notes: string;
}
export type AppointmentErrors = Partial<Record<keyof AppointmentInput, string>>;

/** Every rule, as the server enforces it; the form shows the same messages as the shopper types. */
export function validateAppointment(
  input: AppointmentInput,
  now: Date = new Date(),
  calendar?: BookingCalendar,
): AppointmentErrors {
  const errors: AppointmentErrors = {};
  if (!input.name.trim()) errors.name = APPOINTMENT_MESSAGES.name;
  if (!isValidAppointmentEmail(input.email)) errors.email = APPOINTMENT_MESSAGES.email;
  if (!isValidAppointmentPhone(input.phone)) errors.phone = APPOINTMENT_MESSAGES.phone;
  Object.assign(errors, slotErrors(input, now, calendar));
  return errors;
}

/** The date and slot rules alone (a booking, or staff moving one). */
export function slotErrors(
  { date, time }: { date: string; time: string },
  now: Date = new Date(),
  calendar?: BookingCalendar,
): AppointmentErrors {
  const problem = dateProblem(date, now, calendar);
  if (problem) return { date: problem };
  if (!time || !APPOINTMENT_SLOTS.includes(time)) return { time: APPOINTMENT_MESSAGES.slotRequired };
  if (pastSlots(date, now).includes(time)) return { time: APPOINTMENT_MESSAGES.pastSlot };
  return {};
}

/** India keeps one offset all year (no daylight saving): IST is UTC+05:30. */
const IST_OFFSET_MINUTES = 330;
/** A consultation takes its 30-minute slot. */
export const APPOINTMENT_MINUTES = 30;

/** The instant a slot ('10:00 AM') of a date begins, India time. */
export function appointmentStartsAt(date: string, time: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + (slotMinutes(time) - IST_OFFSET_MINUTES) * 60_000);
}

/** 'Wed, 9 Dec 2026, 10:00 AM IST': how every mail and page names an appointment's time. */
export const formatAppointmentWhen = (date: string, time: string) =>
  `${formatDay(date)}, ${time.replace(/^0(\d)/, '$1')} IST`;
