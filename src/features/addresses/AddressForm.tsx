// The address book's add and edit form: a real form posted to /dashboard/addresses (the server checks
// everything and fills a blank city or state from the PIN code); hydrated, the city and state are
// filled as the PIN is typed, and stay editable.
import { useState, type ReactNode } from 'react';
import { INDIAN_STATES_AND_UTS } from '../../lib/india';
import { usePinFill } from '../delivery/use-pin-fill';
import type { AddressField, AddressValues } from './address.schema';

interface Props {
  /** The address being edited (0: a new one). */
  id: number;
  initial: AddressValues;
  errors?: Partial<Record<AddressField, string>>;
  /** Offer "Make this my default address" (not for the default itself). */
  offerDefault: boolean;
}

const field = 'mt-1 w-full rounded-lg border bg-white px-3 py-2.5 text-ink';
const border = (bad: boolean) => (bad ? 'border-red-600 ring-1 ring-red-600' : 'border-gray-500');

export default function AddressForm({ id, initial, errors: serverErrors = {}, offerDefault }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState(serverErrors);
  const pin = usePinFill(setValues, {
    onFound: () => setErrors((e) => ({ ...e, city: undefined, state: undefined })),
  });
  const set = (name: AddressField, value: string) => {
    pin.touched(name);
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    if (name === 'pin') pin.typed(value);
  };
  const described = (name: AddressField, extra?: string) =>
    [errors[name] && `address-${name}-error`, extra].filter(Boolean).join(' ') || undefined;
  const error = (name: AddressField) =>
    errors[name] ? (
      <p id={`address-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const input = (
    name: Exclude<AddressField, 'state'>,
    label: ReactNode,
    extra: Record<string, unknown> = {},
    wide = false,
    after: ReactNode = null,
  ) => (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={`address-${name}`} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={`address-${name}`}
        name={name}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        className={`${field} ${border(!!errors[name])}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={described(name, name === 'pin' ? 'address-pin-place' : undefined)}
        {...extra}
      />
      {error(name)}
      {after}
    </div>
  );

  return (
    <form method="post" action="/dashboard/addresses" className="grid min-w-0 gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={id} />
      {input('name', 'Full name', { required: true, autoComplete: 'name', maxLength: 120 }, true)}
      {input(
        'phone',
        <>
          Mobile number <span className="font-normal text-gray-700">(10 digits)</span>
        </>,
        { type: 'tel', required: true, autoComplete: 'tel', inputMode: 'tel', maxLength: 20 },
      )}
      {input(
        'pin',
        'PIN code',
        { required: true, autoComplete: 'postal-code', inputMode: 'numeric', pattern: '[1-9][0-9]{5}', maxLength: 6 },
        false,
        <p id="address-pin-place" role="status" className="mt-1 text-sm text-gray-800">
          {pin.check?.ok
            ? `${pin.check.place}: city and state filled in, change them if needed.`
            : pin.check && !errors.pin
              ? pin.check.message
              : 'Leave the city and state blank to have them filled in from the PIN code.'}
        </p>,
      )}
      {input('line1', 'House, street, area', { required: true, autoComplete: 'address-line1', maxLength: 200 }, true)}
      {input(
        'line2',
        <>
          Landmark, apartment <span className="font-normal text-gray-700">(optional)</span>
        </>,
        { autoComplete: 'address-line2', maxLength: 200 },
        true,
      )}
      {input('city', 'City or town', { autoComplete: 'address-level2', maxLength: 100 })}
      <div>
        <label htmlFor="address-state" className="block text-sm font-semibold text-ink">
          State or union territory
        </label>
        <select
          id="address-state"
          name="state"
          autoComplete="address-level1"
          value={values.state}
          onChange={(e) => set('state', e.target.value)}
          className={`${field} ${border(!!errors.state)}`}
          aria-invalid={errors.state ? true : undefined}
          aria-describedby={described('state')}
        >
          <option value="">Choose…</option>
          {INDIAN_STATES_AND_UTS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {error('state')}
      </div>
      {offerDefault && (
        <label className="flex items-center gap-2 text-sm text-ink sm:col-span-2">
          <input type="checkbox" name="makeDefault" className="h-5 w-5 accent-leaf-700" />
          Make this my default address
        </label>
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" className="btn-primary">
          Save address
        </button>
        <a href="/dashboard/addresses" className="btn-secondary">
          Cancel
        </a>
      </div>
    </form>
  );
}
