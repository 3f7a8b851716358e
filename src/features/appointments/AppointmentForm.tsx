// The booking form. Server-rendered as a plain form posting to /appointment (works before JS);
// hydrated, it checks fields as they are typed, greys out booked slots per date and books in place.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_SLOTS,
  dateProblem,
  formatDay,
  indiaNow,
  isValidAppointmentEmail,
  isValidAppointmentPhone,
  lastBookableDate,
  pastSlots,
  type AppointmentErrors,
  type AppointmentInput,
  type BookingCalendar,
} from '../../lib/appointments';
import Honeypot, { honeypotValue } from '../abuse/Honeypot';
import { typedBeforeHydration } from '../ui/typed-before-hydration';
import type { ErrorCode } from '../../lib/errors';

const EMPTY: AppointmentInput = { name: '', email: '', phone: '', date: '', time: '', notes: '' };
const FORM_ID = 'appointment-form';

function startingValues(initial?: Partial<AppointmentInput>): AppointmentInput {
  const typed = typedBeforeHydration(FORM_ID);
  const values = { ...EMPTY, ...initial };
  for (const key of Object.keys(EMPTY) as (keyof AppointmentInput)[]) if (typed[key]) values[key] = typed[key];
  return values;
}

interface Props {
  initial?: Partial<AppointmentInput>;
  serverErrors?: AppointmentErrors;
  serverMessage?: string;
  bookedOnInitialDate?: string[];
  /** Closed days and the booking horizon (the server enforces them too). */
  calendar: BookingCalendar;
}

export default function AppointmentForm({
  initial,
  serverErrors = {},
  serverMessage,
  bookedOnInitialDate = [],
  calendar,
}: Props) {
  const [values, setValues] = useState<AppointmentInput>(() => startingValues(initial));
  const [booked, setBooked] = useState<string[]>(bookedOnInitialDate);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | undefined>(serverMessage);
  const [errors, setErrors] = useState<AppointmentErrors>(serverErrors);
  const [hydrated, setHydrated] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const today = hydrated ? indiaNow().date : undefined;
  const lastDate = hydrated ? lastBookableDate(calendar.horizonDays) : undefined;
  const closedDays = Object.entries(calendar.blocked);

  useEffect(() => {
    setHydrated(true);
  }, []);

  // Booked slots are refreshed on every date change; a stale answer never overwrites a newer one.
  useEffect(() => {
    if (!hydrated || !values.date) {
      setBooked([]);
      return;
    }
    const controller = new AbortController();
    fetch(`/api/appointments/slots?date=${encodeURIComponent(values.date)}`, { signal: controller.signal })
      .then((r) => r.json())
      .then((body: { booked: string[] }) => setBooked(body.booked))
      .catch(() => {});
    return () => controller.abort();
  }, [values.date, hydrated]);

  const set = (field: keyof AppointmentInput) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value, ...(field === 'date' ? { time: '' } : {}) }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setMessage(undefined);
  };

  const emailBad = values.email !== '' && !isValidAppointmentEmail(values.email);
  const phoneBad = values.phone !== '' && !isValidAppointmentPhone(values.phone);
  const dateMessage = values.date ? dateProblem(values.date, undefined, calendar) : null;
  const unavailable = new Set([...booked, ...(values.date ? pastSlots(values.date) : [])]);
  const blocked = hydrated && (emailBad || phoneBad || dateMessage !== null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || blocked) return;
    const website = honeypotValue(event.currentTarget);
    setSubmitting(true);
    setMessage(undefined);
    try {
      const response = await fetch('/api/appointments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...values, website }),
      });
      const result = (await response.json()) as {
        ok: boolean;
        code?: ErrorCode;
        errors?: AppointmentErrors;
        message?: string;
      };
      if (result.ok) {
        setValues(EMPTY);
        setBooked([]);
        setErrors({});
        dialog.current?.showModal();
      } else {
        setErrors(result.errors ?? {});
        setMessage(result.message ?? APPOINTMENT_MESSAGES.failed);
        if (result.code === 'conflict') setBooked((b) => [...b, values.time]); // the slot was just taken
      }
    } catch {
      setMessage(APPOINTMENT_MESSAGES.failed);
    } finally {
      setSubmitting(false);
    }
  }

  const field = 'mt-1 w-full rounded-lg border bg-white px-3 py-2.5 text-ink';
  const border = (bad: boolean) => (bad ? 'border-red-600 ring-1 ring-red-600' : 'border-gray-500');
  const fieldError = (id: string, text?: string | null) =>
    text ? (
      <p id={id} className="mt-1 text-sm font-medium text-red-700">
        {text}
      </p>
    ) : null;

  return (
    <>
      <form
        id={FORM_ID}
        action="/appointment"
        method="post"
        onSubmit={onSubmit}
        noValidate={hydrated}
        className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2"
      >
        <div>
          <label htmlFor="appointment-name" className="font-medium">
            Name
          </label>
          <input
            id="appointment-name"
            name="name"
            required
            autoComplete="name"
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
            className={`${field} ${border(!!errors.name)}`}
            aria-invalid={!!errors.name || undefined}
            aria-describedby={errors.name ? 'appointment-name-error' : undefined}
          />
          {fieldError('appointment-name-error', errors.name)}
        </div>
        <div>
          <label htmlFor="appointment-email" className="font-medium">
            Email
          </label>
          <input
            id="appointment-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
            className={`${field} ${border(emailBad || !!errors.email)}`}
            aria-invalid={emailBad || !!errors.email || undefined}
            aria-describedby={emailBad || errors.email ? 'appointment-email-error' : undefined}
          />
          {fieldError('appointment-email-error', emailBad ? APPOINTMENT_MESSAGES.email : errors.email)}
        </div>
        <div>
          <label htmlFor="appointment-phone" className="font-medium">
            Phone
          </label>
          <input
            id="appointment-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            required
            autoComplete="tel"
            maxLength={20}
            value={values.phone}
            onChange={(e) => set('phone')(e.target.value)}
            className={`${field} ${border(phoneBad || !!errors.phone)}`}
            aria-invalid={phoneBad || !!errors.phone || undefined}
            aria-describedby={phoneBad || errors.phone ? 'appointment-phone-error' : undefined}
          />
          {fieldError('appointment-phone-error', phoneBad ? APPOINTMENT_MESSAGES.phone : errors.phone)}
        </div>
        <div>
          <label htmlFor="appointment-date" className="font-medium">
            Date
          </label>
          <input
            id="appointment-date"
            name="date"
            type="date"
            required
            min={today}
            max={lastDate}
            value={values.date}
            onChange={(e) => set('date')(e.target.value)}
            className={`${field} ${border(!!dateMessage || !!errors.date)}`}
            aria-invalid={!!dateMessage || !!errors.date || undefined}
            aria-describedby={`${dateMessage || errors.date ? 'appointment-date-error ' : ''}appointment-date-hint`}
          />
          {fieldError('appointment-date-error', dateMessage ?? errors.date)}
          <p id="appointment-date-hint" className="mt-1 text-sm text-gray-700">
            Monday to Friday, up to {calendar.horizonDays} days ahead.
            {closedDays.length > 0 &&
              ` Closed: ${closedDays.map(([date, reason]) => `${formatDay(date)} (${reason})`).join(', ')}.`}
          </p>
        </div>
        <fieldset className="min-w-0 sm:col-span-2">
          <legend className="font-medium">Time (India Standard Time)</legend>
          <div
            className="mt-2 flex flex-wrap gap-2"
            role="radiogroup"
            aria-describedby={errors.time ? 'appointment-time-error' : undefined}
          >
            {APPOINTMENT_SLOTS.map((slot) => {
              const taken = unavailable.has(slot);
              const id = `slot-${slot.replace(/\W/g, '')}`;
              return (
                <div key={slot} className="relative">
                  <input
                    type="radio"
                    id={id}
                    name="time"
                    value={slot}
                    className="peer sr-only"
                    checked={values.time === slot}
                    disabled={taken}
                    onChange={() => set('time')(slot)}
                  />
                  <label
                    htmlFor={id}
                    className={`block cursor-pointer whitespace-nowrap rounded-full border px-4 py-2 text-sm font-medium peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600 ${taken ? 'cursor-not-allowed border-gray-300 bg-gray-100 text-gray-600 line-through' : values.time === slot ? 'border-leaf-700 bg-leaf-700 text-white' : 'border-brand-200 bg-white text-ink hover:border-leaf-700'}`}
                  >
                    {slot}
                    {taken && <span className="sr-only"> (unavailable)</span>}
                  </label>
                </div>
              );
            })}
          </div>
          {fieldError('appointment-time-error', errors.time)}
        </fieldset>
        <div className="sm:col-span-2">
          <label htmlFor="appointment-notes" className="font-medium">
            Notes <span className="font-normal text-gray-600">(optional)</span>
          </label>
          <textarea
            id="appointment-notes"
            name="notes"
            rows={3}
            maxLength={2000}
            value={values.notes}
            onChange={(e) => set('notes')(e.target.value)}
            className={`${field} border-gray-500`}
          />
        </div>
        <Honeypot idPrefix="appointment" />
        <div className="sm:col-span-2">
          {message && (
            <p role="alert" className="mb-3 font-medium text-red-700">
              {message}
            </p>
          )}
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting || blocked}>
            {submitting ? 'Booking...' : 'Book Appointment'}
          </button>
        </div>
      </form>
      <dialog
        ref={dialog}
        aria-labelledby="appointment-confirmed-title"
        className="m-auto max-w-md rounded-2xl p-0 backdrop:bg-black/50"
      >
        <div className="p-6 text-center">
          <h2 id="appointment-confirmed-title" className="font-serif text-2xl font-bold text-leaf-800">
            {APPOINTMENT_MESSAGES.confirmedTitle}
          </h2>
          <p className="mt-3">{APPOINTMENT_MESSAGES.confirmedText}</p>
          <button type="button" className="btn-primary mt-6" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
