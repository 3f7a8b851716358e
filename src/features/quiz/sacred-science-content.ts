// Copy for /sacred-science (spec §2 'Sacred Science / evidence'). References are real publications,
// cited by author, year, title and journal; links go to a PubMed search for the title.
export const EDUCATIONAL_DISCLAIMER =
  'This content is for educational purposes only. Our products are not intended to diagnose, treat, cure or prevent any disease.';

/** Products shown in the evidence grid (spec: products 1, 4 and 8). */
export const EVIDENCE_PRODUCT_IDS = [1, 4, 8] as const;

export const pubmedSearch = (terms: string) => `https://pubmed.ncbi.nlm.nih.gov/?term=${encodeURIComponent(terms)}`;

export interface Reference {
  authors: string;
  year: string;
  title: string;
  source: string;
}

export const REFERENCES: readonly Reference[] = [
  {
    authors: 'Sharma P.V. (translator)',
    year: '1981–1994',
    title: 'Caraka Samhita: Text with English Translation',
    source: 'Chaukhambha Orientalia, Varanasi',
  },
  {
    authors: 'Bhishagratna K.K.L. (translator)',
    year: '1907–1916',
    title: 'An English Translation of the Sushruta Samhita',
    source: 'Calcutta (self-published)',
  },
  {
    authors: 'Mishra L., Singh B.B., Dagenais S.',
    year: '2001',
    title: 'Ayurveda: a historical perspective and principles of the traditional healthcare system in India',
    source: 'Alternative Therapies in Health and Medicine',
  },
  {
    authors: 'Patwardhan B., Vaidya A.D.B., Chorghade M.',
    year: '2004',
    title: 'Ayurveda and natural products drug discovery',
    source: 'Current Science',
  },
  {
    authors: 'Patwardhan B., Mashelkar R.A.',
    year: '2009',
    title: 'Traditional medicine-inspired approaches to drug discovery: can Ayurveda show the way forward?',
    source: 'Drug Discovery Today',
  },
  {
    authors: 'Prasher B. et al.',
    year: '2008',
    title: 'Whole genome expression and biochemical correlates of extreme constitutional types defined in Ayurveda',
    source: 'Journal of Translational Medicine',
  },
  {
    authors: 'Rotti H. et al.',
    year: '2014',
    title:
      'Determinants of prakriti, the human constitution types of Indian traditional medicine and its correlation with contemporary science',
    source: 'Journal of Ayurveda and Integrative Medicine',
  },
  {
    authors: 'Govindaraj P. et al.',
    year: '2015',
    title: 'Genome-wide analysis correlates Ayurveda Prakriti',
    source: 'Scientific Reports',
  },
  {
    authors: 'Prasad S., Aggarwal B.B.',
    year: '2011',
    title: 'Turmeric, the Golden Spice: From Traditional Medicine to Modern Medicine',
    source: 'In: Herbal Medicine: Biomolecular and Clinical Aspects, 2nd ed., CRC Press',
  },
  {
    authors: 'Hewlings S.J., Kalman D.S.',
    year: '2017',
    title: 'Curcumin: A Review of Its Effects on Human Health',
    source: 'Foods',
  },
  {
    authors: 'Chandrasekhar K., Kapoor J., Anishetty S.',
    year: '2012',
    title:
      'A prospective, randomized double-blind, placebo-controlled study of safety and efficacy of a high-concentration full-spectrum extract of Ashwagandha root in reducing stress and anxiety in adults',
    source: 'Indian Journal of Psychological Medicine',
  },
  {
    authors: 'Peterson C.T., Denniston K., Chopra D.',
    year: '2017',
    title: 'Therapeutic Uses of Triphala in Ayurvedic Medicine',
    source: 'Journal of Alternative and Complementary Medicine',
  },
  {
    authors: 'Chauhan N.S. et al.',
    year: '2018',
    title:
      'Western Indian Rural Gut Microbial Diversity in Extreme Prakriti Endo-Phenotypes Reveals Signature Microbes',
    source: 'Frontiers in Microbiology',
  },
  {
    authors: 'Tang Y.Y., Hölzel B.K., Posner M.I.',
    year: '2015',
    title: 'The neuroscience of mindfulness meditation',
    source: 'Nature Reviews Neuroscience',
  },
  {
    authors: 'Hobson N.M., Schroeder J., Risen J.L., Xygalatas D., Inzlicht M.',
    year: '2018',
    title: 'The Psychology of Rituals: An Integrative Review and Process-Based Framework',
    source: 'Personality and Social Psychology Review',
  },
];

export const TIMELINE = [
  {
    era: 'c. 1500–500 BCE',
    title: 'Vedic texts',
    text: 'The Rigveda and Atharvaveda record healing hymns, medicinal plants and the first ideas of balance between body, mind and nature.',
  },
  {
    era: 'c. 2nd century BCE – 2nd century CE',
    title: 'Charaka Samhita',
    text: 'The foundational text of internal medicine: the three doshas, agni (digestive fire), Prakriti and rasayana (rejuvenation).',
  },
  {
    era: 'c. 3rd–4th century CE',
    title: 'Sushruta Samhita',
    text: 'Surgery, anatomy and hundreds of medicinal preparations, taught through careful observation and practice.',
  },
  {
    era: 'c. 7th century CE',
    title: 'Ashtanga Hridayam',
    text: 'Vagbhata distils Charaka and Sushruta into a concise guide to daily and seasonal routines.',
  },
  {
    era: '20th century – today',
    title: 'Modern research',
    text: 'Clinical trials on ashwagandha and curcumin, Ayurgenomics studies of Prakriti and reverse pharmacology bring tradition into the laboratory.',
  },
] as const;

export interface ScienceCard {
  title: string;
  lines: readonly [string, string, string];
  refs: readonly { label: string; terms: string }[];
}

export const SCIENCE_CARDS: readonly ScienceCard[] = [
  {
    title: 'Modern Challenge',
    lines: [
      'Chronic stress, poor sleep and irregular meals are everyday realities of modern life.',
      'Ayurveda treats them as imbalances of routine, digestion and mind, not isolated symptoms.',
      'Well-designed trials now test classical herbs against these modern problems.',
    ],
    refs: [
      { label: 'Chandrasekhar et al., 2012', terms: 'Chandrasekhar Kapoor Anishetty 2012 Ashwagandha stress anxiety' },
      {
        label: 'Mishra et al., 2001',
        terms: 'Ayurveda: a historical perspective and principles of the traditional healthcare system in India',
      },
    ],
  },
  {
    title: 'Prakriti and omics',
    lines: [
      'Prakriti, your mind-body constitution, is assessed from traits such as build, appetite and temperament.',
      'Genome-wide and gene-expression studies find measurable differences between Vata, Pitta and Kapha types.',
      'This field, Ayurgenomics, links an ancient typology to personalised medicine.',
    ],
    refs: [
      {
        label: 'Prasher et al., 2008',
        terms: 'Whole genome expression and biochemical correlates of extreme constitutional types defined in Ayurveda',
      },
      {
        label: 'Rotti et al., 2014',
        terms: 'Determinants of prakriti, the human constitution types of Indian traditional medicine',
      },
      { label: 'Govindaraj et al., 2015', terms: 'Genome-wide analysis correlates Ayurveda Prakriti' },
    ],
  },
  {
    title: 'Agni and microbiome',
    lines: [
      'Agni, the digestive fire, is central to health in the Charaka Samhita.',
      'Modern research points to the gut microbiome as a partner in digestion, immunity and mood.',
      'Studies report distinct gut microbes across Prakriti types and prebiotic effects of Triphala.',
    ],
    refs: [
      {
        label: 'Chauhan et al., 2018',
        terms: 'Western Indian Rural Gut Microbial Diversity in Extreme Prakriti Endo-Phenotypes',
      },
      { label: 'Peterson et al., 2017', terms: 'Therapeutic Uses of Triphala in Ayurvedic Medicine' },
    ],
  },
  {
    title: 'Reverse pharmacology',
    lines: [
      'Reverse pharmacology starts from documented clinical experience, then works back to the lab.',
      'Centuries of recorded use guide which herbs and doses are studied first.',
      'Turmeric and its curcuminoids are among the most researched examples.',
    ],
    refs: [
      {
        label: 'Patwardhan & Mashelkar, 2009',
        terms: 'Traditional medicine-inspired approaches to drug discovery: can Ayurveda show the way forward',
      },
      {
        label: 'Prasad & Aggarwal, 2011',
        terms: 'Turmeric, the Golden Spice: From Traditional Medicine to Modern Medicine',
      },
      { label: 'Hewlings & Kalman, 2017', terms: 'Curcumin: A Review of Its Effects on Human Health' },
    ],
  },
  {
    title: 'Neuroscience of rituals',
    lines: [
      'Daily rituals such as breathwork, self-massage and mindful meals are the heart of dinacharya.',
      'Research on rituals links them to lower anxiety and a greater sense of control.',
      'Meditation studies show changes in attention and emotion regulation.',
    ],
    refs: [
      {
        label: 'Hobson et al., 2018',
        terms: 'The Psychology of Rituals: An Integrative Review and Process-Based Framework',
      },
      { label: 'Tang et al., 2015', terms: 'The neuroscience of mindfulness meditation Tang Holzel Posner' },
    ],
  },
];

export const DOSHA_ROUTINES = [
  {
    dosha: 'Vata',
    qualities: 'Air and space: light, dry, mobile',
    routine: [
      'Wake and eat at the same times every day',
      'Warm sesame-oil self-massage (abhyanga) before a bath',
      'Warm, moist, grounding meals; early, regular bedtime',
    ],
  },
  {
    dosha: 'Pitta',
    qualities: 'Fire and water: hot, sharp, intense',
    routine: [
      'Start the day with cool (not iced) water and calm breathing',
      'Never skip lunch; favour cooling foods such as cucumber and coconut',
      'Evening walk in nature; avoid screens and heated debates late at night',
    ],
  },
  {
    dosha: 'Kapha',
    qualities: 'Earth and water: heavy, stable, cool',
    routine: [
      'Rise before 6 am and move briskly for 30 minutes',
      'Light, warm, spiced meals; ginger tea instead of sweets',
      'Dry-brush massage (garshana) and variety in your day',
    ],
  },
] as const;

export const DOSHA_BADGES = ['10k+ quizzes', '4.8★ reviews', 'Clinically-aligned'] as const;
