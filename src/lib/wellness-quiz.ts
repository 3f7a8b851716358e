// Wellness quiz (spec §2 'Wellness Quiz', §3, §4, §9): 10 questions, options a–e, each option pointing
// to one focus area. The result is the area chosen most often; ties go to the first in QUIZ_CATEGORIES.
export const QUIZ_CATEGORIES = ['energy', 'gut', 'mind', 'immunity', 'sleep'] as const;
export type QuizCategory = (typeof QUIZ_CATEGORIES)[number];
export type OptionId = 'a' | 'b' | 'c' | 'd' | 'e';

export interface QuizOption {
  id: OptionId;
  text: string;
  category: QuizCategory;
}
export interface QuizQuestion {
  id: string;
  text: string;
  options: readonly QuizOption[];
}
/** Question id → chosen option id. */
export type QuizAnswers = Partial<Record<string, OptionId>>;

const question = (
  id: string,
  text: string,
  [energy, gut, mind, immunity, sleep]: [string, string, string, string, string],
): QuizQuestion => ({
  id,
  text,
  options: [
    { id: 'a', text: energy, category: 'energy' },
    { id: 'b', text: gut, category: 'gut' },
    { id: 'c', text: mind, category: 'mind' },
    { id: 'd', text: immunity, category: 'immunity' },
    { id: 'e', text: sleep, category: 'sleep' },
  ],
});

export const QUIZ_QUESTIONS: readonly QuizQuestion[] = [
  question('q1', 'What troubles you most on a typical day?', [
    'Low energy by mid-afternoon',
    'Bloating or heaviness after meals',
    'A busy, worried mind',
    'Catching every cold that goes around',
    'Waking up tired',
  ]),
  question('q2', 'How do you usually feel after a meal?', [
    'Drained, as if I need a nap to keep going',
    'Gassy, acidic or uncomfortably full',
    'I barely notice; I eat while distracted',
    'Fine, but I often have a sore throat or a runny nose',
    'Fine, but late dinners keep me awake',
  ]),
  question('q3', 'When life gets busy, what suffers first?', [
    'My stamina and workouts',
    'My digestion and regular meals',
    'My focus and patience',
    'My health: I fall ill',
    'My sleep',
  ]),
  question('q4', 'How would you describe your nights?', [
    'I sleep, but wake up without energy',
    'Indigestion or acidity disturbs my sleep',
    'My mind will not switch off',
    'A blocked nose or cough disturbs my sleep',
    'I struggle to fall or stay asleep',
  ]),
  question('q5', 'How often do seasonal changes affect you?', [
    'I feel sluggish for weeks',
    'My digestion goes off track',
    'My mood dips',
    'I catch a cold or fever almost every time',
    'My sleep pattern goes haywire',
  ]),
  question('q6', 'What would make the biggest difference to your week?', [
    'More energy for work and family',
    'A calm, comfortable stomach',
    'Less stress and better focus',
    'Fewer sick days',
    'Deep, restful sleep',
  ]),
  question('q7', 'Which sign does your body give you most often?', [
    'Heavy limbs and low drive',
    'Irregular bowel movements',
    'Tension headaches or a tight jaw',
    'Slow-healing cuts and frequent infections',
    'Dark circles and daytime drowsiness',
  ]),
  question('q8', 'How do you recover after a demanding day?', [
    'Slowly: I feel depleted for a day or two',
    'I lose my appetite or crave junk food',
    'I keep replaying the day in my head',
    'I tend to come down with something',
    'I am too wired to sleep well',
  ]),
  question('q9', 'Which Ayurvedic herb are you most curious about?', [
    'Shilajit',
    'Triphala',
    'Ashwagandha',
    'Turmeric',
    'Jatamansi',
  ]),
  question('q10', 'What is your main wellness goal for the next three months?', [
    'Boost stamina and vitality',
    'Improve digestion and gut health',
    'Feel calmer and more focused',
    'Build stronger immunity',
    'Sleep better, night after night',
  ]),
];

export interface QuizOutcome {
  category: QuizCategory | null;
  title: string;
  ritual: string;
  /** Catalogue product slugs to recommend, best first. */
  productSlugs: readonly string[];
}

export const QUIZ_OUTCOMES: Record<QuizCategory, QuizOutcome> = {
  energy: {
    category: 'energy',
    title: 'Energy & Vitality',
    productSlugs: ['shilajit-resin', 'shilajit-gold-capsules'],
    ritual:
      'Start the day with a glass of warm water, ten minutes of sunlight and Surya Namaskar. Take a pea-sized portion of Shilajit in warm milk or water after breakfast, and keep your heaviest meal at lunch, when agni is strongest.',
  },
  gut: {
    category: 'gut',
    title: 'Gut & Digestive Harmony',
    productSlugs: ['gut-harmony', 'triphala'],
    ritual:
      'Sip warm water with a slice of ginger before meals, eat at regular times and walk a hundred steps after lunch and dinner. Take Triphala with warm water at bedtime to support gentle, regular digestion.',
  },
  mind: {
    category: 'mind',
    title: 'Mind & Mood',
    productSlugs: ['ashwagandha', 'adaptogens'],
    ritual:
      'Begin and end the day with five minutes of Nadi Shodhana (alternate-nostril breathing). Take Ashwagandha with warm milk in the evening, and keep screens away for the first hour after waking.',
  },
  immunity: {
    category: 'immunity',
    title: 'Immunity & Inflammation',
    productSlugs: ['curcumin'],
    ritual:
      'Scrape your tongue and gargle with warm salt water each morning, add turmeric, ginger and black pepper to your cooking, and take Curcumin with your largest meal. Sleep before 11 pm: rest is when the body rebuilds.',
  },
  sleep: {
    category: 'sleep',
    title: 'Restful Sleep',
    productSlugs: ['melatonin'],
    ritual:
      'Eat a light dinner before 8 pm, dim the lights an hour before bed and massage warm sesame oil into the soles of your feet (Padabhyanga). Take Deep Sleep Melatonin 30 minutes before bed and keep the same bedtime every night.',
  },
};

/** For a category the quiz does not know: a balanced daily routine (dinacharya) and all-round picks. */
export const GENERIC_OUTCOME: QuizOutcome = {
  category: null,
  title: 'Balanced Wellness',
  productSlugs: ['ashwagandha', 'curcumin'],
  ritual:
    'Follow a simple dinacharya: wake with the sun, drink warm water, move for 20 minutes, eat your main meal at midday and wind down early. Small, steady habits keep all three doshas in balance.',
};

export const isQuizCategory = (value: unknown): value is QuizCategory =>
  QUIZ_CATEGORIES.includes(value as QuizCategory);

/** The outcome for a category; an unknown category gives the generic ritual. */
export function quizOutcome(category: string | null | undefined): QuizOutcome {
  return isQuizCategory(category) ? QUIZ_OUTCOMES[category] : GENERIC_OUTCOME;
}

/** The category chosen most often; ties go to the earliest in QUIZ_CATEGORIES. */
export function quizResultCategory(answers: QuizAnswers): QuizCategory {
  const counts = new Map<QuizCategory, number>(QUIZ_CATEGORIES.map((c) => [c, 0]));
  for (const q of QUIZ_QUESTIONS) {
    const option = q.options.find((o) => o.id === answers[q.id]);
    if (option) counts.set(option.category, counts.get(option.category)! + 1);
  }
  return QUIZ_CATEGORIES.reduce((best, c) => (counts.get(c)! > counts.get(best)! ? c : best));
}

/** Every question answered with one of its options. */
export const isQuizComplete = (answers: QuizAnswers) =>
  QUIZ_QUESTIONS.every((q) => q.options.some((o) => o.id === answers[q.id]));
