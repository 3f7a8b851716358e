// The honeypot field: off screen, out of the tab order and hidden from screen readers, so only a bot
// that fills every input it finds fills it. Uncontrolled: islands read it from the form on submit.
import { HONEYPOT_FIELD } from './honeypot';

export default function Honeypot({ idPrefix }: { idPrefix: string }) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The honeypot's value in a submitted form, to send along with an island's JSON. */
export const honeypotValue = (form: HTMLFormElement) => String(new FormData(form).get(HONEYPOT_FIELD) ?? '');
