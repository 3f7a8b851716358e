// The dosha quiz (spec §2, §4, §5): one labelled dropdown per question, none required; the button
// shows the dominant dosha(s) in a live region. A real GET form: without JavaScript it goes to
// /sacred-science/dosha, which scores the same answers on the server (src/lib/dosha) and renders
// this form again with them; once hydrated the island answers in place and the page never reloads.
// The answers are read from the form when the button is pressed, so choices made before the island
// hydrated count too.
import { useRef, useState } from 'react';
import { DOSHA_QUESTIONS, doshaResultMessage, type DoshaAnswers } from '../../lib/dosha';

/** Where the form goes without JavaScript (the fragment brings the shopper back to the result). */
export const DOSHA_RESULT_ACTION = '/sacred-science/dosha#dosha-quiz';

interface Props {
  /** Answers already given (the server-rendered result page), and the message they scored. */
  answers?: DoshaAnswers;
  message?: string;
}

export default function DoshaQuiz({ answers = {}, message: initialMessage = '' }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [message, setMessage] = useState(initialMessage);
  const showResult = () => {
    const given = Object.fromEntries([...new FormData(form.current ?? undefined)].map(([k, v]) => [k, String(v)]));
    setMessage(doshaResultMessage(given));
  };

  return (
    <form
      ref={form}
      method="get"
      action={DOSHA_RESULT_ACTION}
      onSubmit={(event) => {
        event.preventDefault();
        showResult();
      }}
      className="space-y-5"
    >
      {DOSHA_QUESTIONS.map((q, i) => (
        <div key={q.id}>
          <label htmlFor={`dosha-${q.id}`} className="block font-medium text-ink">
            {i + 1}. {q.text}
          </label>
          <select
            id={`dosha-${q.id}`}
            name={q.id}
            defaultValue={q.options.some((o) => o.text === answers[q.id]) ? answers[q.id] : ''}
            className="mt-1 w-full rounded-lg border border-gray-500 bg-white px-3 py-2.5 text-ink"
          >
            <option value="">Select an option</option>
            {q.options.map((o) => (
              <option key={o.text} value={o.text}>
                {o.text}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="btn-primary">
        Find Your Dosha
      </button>
      <p role="status" className="min-h-7 text-lg font-semibold text-leaf-800">
        {message}
      </p>
    </form>
  );
}
