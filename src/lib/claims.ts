// The one list of claims the store may not publish (Drugs and Magic Remedies (Objectionable
// Advertisements) Act 1954, its Schedule, and Rule 170 of the Drugs Rules; decision 0075-claims-guard).
// Product copy, articles, quiz results and reviews are all checked against it. Pure: the desk, the
// moderation page and the content test share it.
//
// Two kinds of entry:
// - a scheduled disease is forbidden only when a cure/treat/prevent verb is tied to it ("cures
//   diabetes", "helps prevent high blood pressure", "cancer treatment"), so a caution such as "if you
//   take medicine for diabetes, ask your doctor" or a disclaimer ("not intended to … cure …") passes;
// - some phrases are forbidden wherever they appear (sexual potency, menstrual disorders, miscarriage,
//   contraception, "guaranteed results", "100% cure", "no side effects").

export type ClaimKind = 'disease' | 'sexual' | 'menstrual' | 'pregnancy' | 'promise';

export interface ClaimMatch {
  /** The words as written in the text. */
  phrase: string;
  /** Offsets into the text, for highlighting: text.slice(start, end) === phrase. */
  start: number;
  end: number;
  kind: ClaimKind;
}

/** The Act's Schedule as publicly summarised, with the common names people write for them. */
export const SCHEDULED_DISEASES = [
  'appendicitis',
  'arteriosclerosis',
  'blindness',
  'blood poisoning',
  "bright's disease",
  'cancers?',
  'cataracts?',
  'deafness',
  'diabetes',
  'diabetic',
  'brain disorders?',
  'nervous disorders?',
  'epilepsy',
  'dropsy',
  'fevers?',
  'gall\\s*stones?',
  'kidney stones?',
  'bladder stones?',
  'gangrene',
  'glaucoma',
  'goitre',
  'goiter',
  'heart diseases?',
  'heart attacks?',
  'high blood pressure',
  'low blood pressure',
  'hypertension',
  'hypotension',
  'hydrocele',
  'hysteria',
  'infantile paralysis',
  'polio',
  'insanity',
  'leprosy',
  'leucoderma',
  'leukoderma',
  'vitiligo',
  'lockjaw',
  'tetanus',
  'locomotor ataxia',
  'lupus',
  'nervous debility',
  'obesity',
  'paralysis',
  'plague',
  'pleurisy',
  'pneumonia',
  'rheumatism',
  'arthritis',
  'hernia',
  'impotence',
  'smallpox',
  'sterility',
  'infertility',
  'trachoma',
  'tuberculosis',
  'tumou?rs?',
  'venereal diseases?',
  'sexually transmitted diseases?',
  'premature ageing',
  'premature aging',
  'premature greying',
  'premature graying',
  'uterine disorders?',
  'female diseases?',
] as const;

/** Words that claim to diagnose, cure, mitigate, treat or prevent. */
const CLAIM_VERBS = [
  'cures?',
  'cured',
  'curing',
  'treats?',
  'treated',
  'treating',
  'treatment (?:of|for)',
  'prevents?',
  'prevented',
  'preventing',
  'prevention of',
  'heals?',
  'healed',
  'healing',
  'mitigates?',
  'mitigating',
  'reverses?',
  'reversed',
  'reversing',
  'eliminates?',
  'eradicates?',
  'gets? rid of',
  'remed(?:y|ies) for',
  'fights?',
  'fighting',
  'beats?',
  'controls?',
  'controlling',
  'diagnoses?',
  'relief from',
  'relieves?',
  'protects? (?:you )?(?:against|from)',
  'wards? off',
] as const;

/** A disease followed by the promise ("diabetes cure", "cancer-fighting"). */
const CLAIM_NOUNS = ['cures?', 'treatments?', 'remed(?:y|ies)', 'fighting', 'reversal', 'free'] as const;

/** Forbidden wherever they appear. */
const FORBIDDEN_PHRASES: Record<Exclude<ClaimKind, 'disease'>, readonly string[]> = {
  sexual: [
    'sexual (?:potency|power|performance|stamina|strength|desire|pleasure|wellness|health)',
    'stamina in (?:the )?bed',
    'performance in (?:the )?bed',
    'bedroom performance',
    'virility',
    'libido',
    'aphrodisiacs?',
    'erectile dysfunction',
    'erections?',
    'premature ejaculation',
    'male enhancement',
    'sex drive',
    'sperm count',
    'night fall',
    'nightfall',
  ],
  menstrual: [
    'menstrual (?:disorders?|problems?|irregularit(?:y|ies)|cramps?|pain)',
    'irregular periods?',
    'period pains?',
    'painful periods?',
    'regulates? (?:your )?periods?',
    'pcos',
    'pcod',
    'dysmenorrh(?:o)?ea',
    'amenorrh(?:o)?ea',
    'leucorrh(?:o)?ea',
  ],
  pregnancy: [
    'miscarriages?',
    'abortions?',
    'abortifacient',
    'terminates? (?:a )?pregnancy',
    'contraceptions?',
    'contraceptives?',
    'birth control',
    'prevents? (?:a )?pregnancy',
    'prevents? conception',
  ],
  promise: [
    'guaranteed (?:results?|cure|relief|weight loss)',
    'results? guaranteed',
    '100\\s*% (?:cure|results?|guaranteed|effective)',
    'permanent(?:ly)? cures?',
    'miracle (?:cure|remedy|herb|drug)',
    'cure[- ]all',
    'magic (?:cure|remedy|remedies|pill)',
    'no (?:known )?side[- ]effects?',
    'zero side[- ]effects?',
    'without (?:any )?side[- ]effects?',
    'side[- ]effect[- ]free',
    'free (?:from|of) side[- ]effects?',
    'anti[- ]?cancer',
    'anti[- ]?diabetic',
    'anti[- ]?obesity',
  ],
};

/** Spaces in a list entry match any run of spaces or a line break. */
const pattern = (entries: readonly string[]) => entries.map((entry) => entry.replace(/ /g, '\\s+')).join('|');
const edgeBefore = '(?<![\\p{L}\\p{N}])';
const edgeAfter = '(?![\\p{L}\\p{N}])';
/** Up to three words between the verb and the disease ("helps prevent the onset of diabetes"), within one sentence. */
const gap = "(?:[\\s,]+[\\p{L}\\p{N}'’-]+){0,3}?[\\s,]+";

const diseases = pattern(SCHEDULED_DISEASES);
const verbFirst = new RegExp(`${edgeBefore}(?:${pattern(CLAIM_VERBS)})${gap}(?:${diseases})${edgeAfter}`, 'giu');
const diseaseFirst = new RegExp(`${edgeBefore}(?:${diseases})[\\s-]+(?:${pattern(CLAIM_NOUNS)})${edgeAfter}`, 'giu');
const phraseRules = (Object.entries(FORBIDDEN_PHRASES) as [ClaimKind, readonly string[]][]).map(([kind, entries]) => ({
  kind,
  regex: new RegExp(`${edgeBefore}(?:${pattern(entries)})${edgeAfter}`, 'giu'),
}));

/** "does not cure diabetes", "is not a treatment for cancer": a denial in the same sentence, just before. */
function isDenied(text: string, start: number): boolean {
  const sentence =
    text
      .slice(0, start)
      .split(/[.!?;\n]/)
      .at(-1) ?? '';
  const lastWords = sentence.trim().split(/\s+/).slice(-6).join(' ').toLowerCase();
  return (
    /(?<![\p{L}])(?:not|no|never|nor|without|cannot)(?![\p{L}])|n[’']t(?![\p{L}])/u.test(lastWords) &&
    !/not only/.test(lastWords)
  );
}

function matchesOf(regex: RegExp, text: string, kind: ClaimKind): ClaimMatch[] {
  return [...text.matchAll(regex)].map((m) => ({ phrase: m[0], start: m.index, end: m.index + m[0].length, kind }));
}

/** Every forbidden claim in the text, in order of position, overlaps merged into the earliest match. */
export function findClaims(text: string): ClaimMatch[] {
  const found = [
    ...[verbFirst, diseaseFirst]
      .flatMap((regex) => matchesOf(regex, text, 'disease'))
      .filter((m) => !isDenied(text, m.start)),
    ...phraseRules.flatMap(({ kind, regex }) => matchesOf(regex, text, kind)),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: ClaimMatch[] = [];
  for (const match of found) {
    const last = kept.at(-1);
    if (last && match.start < last.end) last.end = Math.max(last.end, match.end);
    else kept.push({ ...match });
  }
  for (const match of kept) match.phrase = text.slice(match.start, match.end);
  return kept;
}

/** The phrases as a reader names them: “cures diabetes”, “no side effects”. */
export function quotedClaims(matches: readonly ClaimMatch[]): string {
  const byWording = new Map(
    matches
      .map((m) => m.phrase.replace(/\s+/g, ' '))
      .reverse()
      .map((phrase) => [phrase.toLowerCase(), phrase]),
  );
  return [...byWording.values()]
    .reverse()
    .map((phrase) => `“${phrase}”`)
    .join(', ');
}

/** The text cut into plain and forbidden pieces, for rendering with <mark>. */
export function claimPieces(text: string, matches: readonly ClaimMatch[]): { text: string; claim: boolean }[] {
  const pieces: { text: string; claim: boolean }[] = [];
  let at = 0;
  for (const m of matches) {
    if (m.start > at) pieces.push({ text: text.slice(at, m.start), claim: false });
    pieces.push({ text: text.slice(m.start, m.end), claim: true });
    at = m.end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), claim: false });
  return pieces;
}

/** The message staff read when copy is refused. */
export const claimMessage = (matches: readonly ClaimMatch[]): string =>
  `Remove ${quotedClaims(matches)}: a claim to cure, treat or prevent a disease, or one the Drugs and Magic Remedies Act forbids, may not be published. Describe how the product supports normal function instead.`;
