// Dosha quiz (spec §2 'Sacred Science', §3, §4, §5): answers keyed by question id, each the chosen
// option's text; every answered question adds one point to the dosha its option describes.
//
// Scoring, and why: a short self-check in the spirit of classical Prakriti assessment (Charaka
// Samhita, Vimana Sthana 8), where each dosha is read from its qualities (gunas):
// - Vata (air + space) is light, dry, cold, mobile and irregular: its options describe bursts and
//   dips, a slight frame, dryness, variable appetite, light sleep and a quick but restless mind.
// - Pitta (fire + water) is hot, sharp and intense: its options describe driven focus, a medium
//   muscular build, warmth, a strong appetite, irritability under pressure and a precise mind.
// - Kapha (earth + water) is heavy, stable, cool and smooth: its options describe steady stamina,
//   a solid frame, calm under stress, slow digestion, deep sleep and slow-but-lasting memory.
// Every option weighs exactly one point toward its one dosha, so no trait outranks another in this
// two-minute screen; several doshas sharing the top score are all reported (a dual constitution).
// No question is required: unanswered questions (or unknown answers) add nothing.

export const DOSHAS = ['Vata', 'Pitta', 'Kapha'] as const;
export type Dosha = (typeof DOSHAS)[number];
export type DoshaScores = Record<Dosha, number>;
/** Question id → the text of the chosen option ('' or missing = unanswered). */
export type DoshaAnswers = Partial<Record<string, string>>;

export interface DoshaOption {
  text: string;
  dosha: Dosha;
}
export interface DoshaQuestion {
  id: string;
  text: string;
  options: readonly [DoshaOption, DoshaOption, DoshaOption];
}

export const DOSHA_QUESTIONS: readonly DoshaQuestion[] = [
  {
    id: 'energy',
    text: 'How is your energy level through the day?',
    options: [
      { text: 'Comes in bursts, then I tire quickly', dosha: 'Vata' },
      { text: 'Strong and driven; I push until the job is done', dosha: 'Pitta' },
      { text: 'Slow to start, but steady and lasting', dosha: 'Kapha' },
    ],
  },
  {
    id: 'stress',
    text: 'How do you usually respond to stress?',
    options: [
      { text: 'I feel anxious and my thoughts race', dosha: 'Vata' },
      { text: 'I get irritable or impatient', dosha: 'Pitta' },
      { text: 'I stay calm but withdraw and slow down', dosha: 'Kapha' },
    ],
  },
  {
    id: 'build',
    text: 'Which best describes your physical build?',
    options: [
      { text: 'Slim and light; I find it hard to gain weight', dosha: 'Vata' },
      { text: 'Medium and muscular; my weight stays fairly stable', dosha: 'Pitta' },
      { text: 'Broad and solid; I gain weight easily', dosha: 'Kapha' },
    ],
  },
  {
    id: 'skin',
    text: 'How would you describe your skin?',
    options: [
      { text: 'Dry or rough, especially in winter', dosha: 'Vata' },
      { text: 'Warm, sensitive and prone to redness', dosha: 'Pitta' },
      { text: 'Smooth, cool and well moisturised', dosha: 'Kapha' },
    ],
  },
  {
    id: 'appetite',
    text: 'What is your appetite and digestion like?',
    options: [
      { text: 'Irregular; some days hungry, some days not', dosha: 'Vata' },
      { text: 'Strong; I get cranky if I skip a meal', dosha: 'Pitta' },
      { text: 'Slow and steady; I can skip a meal easily', dosha: 'Kapha' },
    ],
  },
  {
    id: 'sleep',
    text: 'How do you sleep?',
    options: [
      { text: 'Lightly; I wake up easily', dosha: 'Vata' },
      { text: 'Soundly, though I may wake up feeling warm', dosha: 'Pitta' },
      { text: 'Deeply and long; mornings are hard', dosha: 'Kapha' },
    ],
  },
  {
    id: 'climate',
    text: 'Which weather bothers you most?',
    options: [
      { text: 'Cold, dry and windy days', dosha: 'Vata' },
      { text: 'Hot, humid summer days', dosha: 'Pitta' },
      { text: 'Cold, damp and cloudy days', dosha: 'Kapha' },
    ],
  },
  {
    id: 'mind',
    text: 'How does your mind work when you learn something new?',
    options: [
      { text: 'I pick it up fast and forget it fast', dosha: 'Vata' },
      { text: 'I grasp it sharply and remember the details', dosha: 'Pitta' },
      { text: 'I learn slowly but never forget', dosha: 'Kapha' },
    ],
  },
];

export const DOSHA_MESSAGES = {
  noAnswer: 'Answer the questions to see your result.',
  result: (doshas: readonly Dosha[]) => `Your dominant dosha(s): ${doshas.join(', ')}`,
} as const;

/** One point per answered question toward its option's dosha. */
export function tally(answers: DoshaAnswers): DoshaScores {
  const scores: DoshaScores = { Vata: 0, Pitta: 0, Kapha: 0 };
  for (const question of DOSHA_QUESTIONS) {
    const option = question.options.find((o) => o.text === answers[question.id]);
    if (option) scores[option.dosha] += 1;
  }
  return scores;
}

/** The dosha(s) sharing the highest score, in Vata, Pitta, Kapha order; none when nothing scored. */
export function dominantDoshas(scores: DoshaScores): Dosha[] {
  const top = Math.max(...DOSHAS.map((d) => scores[d]));
  return top > 0 ? DOSHAS.filter((d) => scores[d] === top) : [];
}

/** The message shown after 'Find Your Dosha'. */
export function doshaResultMessage(answers: DoshaAnswers): string {
  const dominant = dominantDoshas(tally(answers));
  return dominant.length ? DOSHA_MESSAGES.result(dominant) : DOSHA_MESSAGES.noAnswer;
}
