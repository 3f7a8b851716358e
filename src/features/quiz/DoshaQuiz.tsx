// The dosha quiz (spec §2, §4, §5): one labelled dropdown per question, none required; the button
// shows the dominant dosha(s) in a live region. The form never submits. The answers are read from
// the form when the button is pressed, so choices made before the island hydrated count too.
import { useRef, useState } from 'react';
import { DOSHA_QUESTIONS, doshaResultMessage } from '../../lib/dosha';

export default function DoshaQuiz() {
  const form = useRef<HTMLFormElement>(null);
  const [message, setMessage] = useState('');
  const showResult = () => {
    const answers = Object.fromEntries([...new FormData(form.current ?? undefined)].map(([k, v]) => [k, String(v)]));
    setMessage(doshaResultMessage(answers));
  };

  return (
    <form ref={form} onSubmit={(event) => event.preventDefault()} className="space-y-5">
      {DOSHA_QUESTIONS.map((q, i) => (
        <div key={q.id}>
          <label htmlFor={`dosha-${q.id}`} className="block font-medium text-ink">{i + 1}. {q.text}</label>
          <select id={`dosha-${q.id}`} name={q.id} defaultValue=""
            className="mt-1 w-full rounded-lg border border-gray-500 bg-white px-3 py-2.5 text-ink">
            <option value="">Select an option</option>
            {q.options.map((o) => <option key={o.text} value={o.text}>{o.text}</option>)}
          </select>
        </div>
      ))}
      <button type="button" className="btn-primary" onClick={showResult}>Find Your Dosha</button>
      <p role="status" className="min-h-7 text-lg font-semibold text-leaf-800">{message}</p>
    </form>
  );
}
