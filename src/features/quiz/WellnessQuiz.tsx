// The wellness quiz (spec §2 'Wellness Quiz', §4, §5): ten questions one at a time, then results with
// live product picks, a consultation form that posts to /api/quiz/consultation, and a thank-you view.
// Its first question is server-rendered; its buttons need the island, which wakes on the first tap.
import Honeypot, { honeypotValue } from '../abuse/Honeypot';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  QUIZ_QUESTIONS,
  quizOutcome,
  quizResultCategory,
  type OptionId,
  type QuizAnswers,
} from '../../lib/wellness-quiz';
import type { ProductSummary } from '../catalog/catalog.types';
import ProductPicks from './ProductPicks';
import {
  CONSULTATION_MESSAGES,
  type ConsultationContact,
  type ConsultationErrors,
  type ConsultationResult,
} from './consultation';

type View = 'quiz' | 'results' | 'form' | 'thanks';
type Picks = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: ProductSummary[] };
const EMPTY_CONTACT: ConsultationContact = { name: '', email: '', phone: '' };
const TOTAL = QUIZ_QUESTIONS.length;

export default function WellnessQuiz() {
  const [view, setView] = useState<View>('quiz');
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [picks, setPicks] = useState<Picks>({ status: 'loading' });
  const [contact, setContact] = useState<ConsultationContact>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ConsultationErrors>({});
  const [message, setMessage] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false); // focus follows the shopper's own navigation, never the first render
  // The island wakes when the shopper first reaches for it (client:interaction): the first question is
  // on screen before, and a tap on an answer is held and replayed once the island runs. Without
  // JavaScript, where the page offers a consultation instead, the quiz takes no room at all.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const category = view === 'quiz' ? null : quizResultCategory(answers);
  const outcome = quizOutcome(category);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question or view changes, to move focus
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = false;
  }, [view, step]);

  // Recommended products come from the live catalogue, once per result category.
  useEffect(() => {
    if (!category) return;
    const controller = new AbortController();
    setPicks({ status: 'loading' });
    fetch(`/api/quiz/recommendations?category=${encodeURIComponent(category)}`, { signal: controller.signal })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((body: { items: ProductSummary[] }) => setPicks({ status: 'ready', items: body.items }))
      .catch(() => {
        if (!controller.signal.aborted) setPicks({ status: 'error' });
      });
    return () => controller.abort();
  }, [category]);

  const go = (next: View, nextStep = step) => {
    moved.current = true;
    setView(next);
    setStep(nextStep);
  };

  function answer(questionId: string, option: OptionId) {
    setAnswers((a) => ({ ...a, [questionId]: option }));
    if (step < TOTAL - 1) go('quiz', step + 1);
    else go('results');
  }

  function retake() {
    setAnswers({});
    setContact(EMPTY_CONTACT);
    setErrors({});
    setMessage(undefined);
    setSubmitted(false);
    go('quiz', 0);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setMessage(undefined);
    try {
      const response = await fetch('/api/quiz/consultation', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...contact, answers, website: honeypotValue(event.currentTarget) }),
      });
      const result = (await response.json()) as ConsultationResult;
      if (result.ok) {
        setErrors({});
        setSubmitted(true);
        go('thanks');
      } else {
        setErrors(result.errors);
        // Field messages sit under their fields (focus moves to the first); anything else is an alert.
        const first = (['name', 'email', 'phone'] as const).find((f) => result.errors[f]);
        if (first) document.getElementById(`consult-${first}`)?.focus();
        else setMessage(result.message);
      }
    } catch {
      setMessage(CONSULTATION_MESSAGES.failed);
    } finally {
      setSubmitting(false);
    }
  }

  const card = 'rounded-2xl bg-white p-6 shadow-sm sm:p-8';
  const headingClass = 'font-serif text-2xl font-bold text-leaf-900 focus:outline-none sm:text-3xl';

  if (view === 'quiz') {
    const question = QUIZ_QUESTIONS[step]!;
    return (
      <div className={live ? card : `${card} hidden js:block`}>
        <div className="flex items-center justify-between text-sm font-medium text-ink">
          <span id="quiz-progress-label">
            Question {step + 1} of {TOTAL}
          </span>
          <span>{Math.round(((step + 1) / TOTAL) * 100)}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="quiz-progress-label"
          aria-valuemin={1}
          aria-valuemax={TOTAL}
          aria-valuenow={step + 1}
          aria-valuetext={`Question ${step + 1} of ${TOTAL}`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-brand-100"
        >
          <div
            className="h-full rounded-full bg-leaf-700 transition-all"
            style={{ width: `${((step + 1) / TOTAL) * 100}%` }}
          />
        </div>
        <h2 ref={heading} tabIndex={-1} id="quiz-question" className={`mt-6 ${headingClass}`}>
          {question.text}
        </h2>
        {/* biome-ignore lint/a11y/useSemanticElements: answer buttons, not form fields */}
        <div role="group" aria-labelledby="quiz-question" className="mt-5 grid gap-3">
          {question.options.map((option) => {
            const chosen = answers[question.id] === option.id;
            return (
              <button
                key={option.id}
                type="button"
                aria-pressed={chosen}
                onClick={() => answer(question.id, option.id)}
                className={`flex items-center gap-3 rounded-xl border px-4 py-3 text-left font-medium transition ${chosen ? 'border-leaf-700 bg-leaf-700 text-white' : 'border-brand-200 bg-brand-50 text-ink hover:border-leaf-700'}`}
              >
                <span
                  aria-hidden="true"
                  className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm uppercase ${chosen ? 'bg-white text-leaf-800' : 'bg-brand-100 text-leaf-800'}`}
                >
                  {option.id}
                </span>
                {option.text}
              </button>
            );
          })}
        </div>
        <div className="mt-6 flex flex-wrap justify-between gap-3">
          <button
            type="button"
            className="btn-secondary disabled:cursor-not-allowed disabled:opacity-60"
            disabled={step === 0}
            onClick={() => go('quiz', step - 1)}
          >
            Previous
          </button>
          <button type="button" className="btn-secondary" onClick={retake}>
            Restart Quiz
          </button>
        </div>
      </div>
    );
  }

  if (view === 'form') {
    const field = 'mt-1 w-full rounded-lg border bg-white px-3 py-2.5 text-ink';
    const input = (name: keyof ConsultationContact, label: string, type: string, autoComplete: string) => (
      <div>
        <label htmlFor={`consult-${name}`} className="font-medium">
          {label}
        </label>
        <input
          id={`consult-${name}`}
          name={name}
          type={type}
          required
          autoComplete={autoComplete}
          value={contact[name]}
          onChange={(e) => {
            setContact((c) => ({ ...c, [name]: e.target.value }));
            setErrors((er) => ({ ...er, [name]: undefined }));
          }}
          aria-invalid={!!errors[name] || undefined}
          aria-describedby={errors[name] ? `consult-${name}-error` : undefined}
          className={`${field} ${errors[name] ? 'border-red-600 ring-1 ring-red-600' : 'border-gray-500'}`}
        />
        {errors[name] && (
          <p id={`consult-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors[name]}
          </p>
        )}
      </div>
    );
    return (
      <div className={card}>
        <h2 ref={heading} tabIndex={-1} className={headingClass}>
          Get Personalized Consultation
        </h2>
        <p className="mt-2 text-ink">
          Leave your details and an Ayurveda expert will call you within 24 hours to talk through your {outcome.title}{' '}
          results.
        </p>
        <form onSubmit={submit} noValidate className="mt-6 grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">{input('name', 'Name', 'text', 'name')}</div>
          {input('email', 'Email', 'email', 'email')}
          {input('phone', 'Phone', 'tel', 'tel')}
          <Honeypot idPrefix="consult" />
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            {message && (
              <p role="alert" className="w-full font-medium text-red-700">
                {message}
              </p>
            )}
            <button type="submit" className="btn-primary" disabled={submitting}>
              {submitting ? 'Submitting...' : 'Submit'}
            </button>
            <button type="button" className="btn-secondary" onClick={() => go('results')}>
              Back to Results
            </button>
          </div>
        </form>
      </div>
    );
  }

  if (view === 'thanks') {
    return (
      <div className={`${card} text-center`}>
        <h2 ref={heading} tabIndex={-1} className={headingClass}>
          {CONSULTATION_MESSAGES.thanksTitle}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-ink">{CONSULTATION_MESSAGES.thanksText}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-secondary" onClick={() => go('results')}>
            Back to Results
          </button>
          <button type="button" className="btn-primary" onClick={retake}>
            Retake Quiz
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={card}>
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Your result</p>
      <h2 ref={heading} tabIndex={-1} className={`mt-1 ${headingClass}`}>
        Your wellness focus: {outcome.title}
      </h2>
      <h3 className="mt-6 text-lg font-semibold text-leaf-900">Your daily ritual</h3>
      <p className="mt-1 leading-relaxed text-ink">{outcome.ritual}</p>
      <h3 className="mt-8 text-lg font-semibold text-leaf-900">Recommended for you</h3>
      <div className="mt-4" aria-live="polite" aria-busy={picks.status === 'loading'}>
        {picks.status === 'loading' && <p>Loading products...</p>}
        {picks.status === 'error' && <p className="font-medium text-red-700">Failed to load products</p>}
        {picks.status === 'ready' && <ProductPicks products={picks.items} />}
      </div>
      {submitted && (
        <p className="mt-6 font-medium text-leaf-800">Thank you: our expert will call you within 24 hours.</p>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        {!submitted && (
          <button type="button" className="btn-primary" onClick={() => go('form')}>
            Get Personalized Consultation
          </button>
        )}
        <button type="button" className="btn-secondary" onClick={retake}>
          Retake Quiz
        </button>
      </div>
    </div>
  );
}
