import MiniSearch from 'minisearch';

/**
 * What a traveller's message is about. The first ten are the keyword topics; the rest
 * are reached only by tolerant matching (typos, Hinglish, other words).
 */
export const INTENTS = [
  'booking',
  'cancel',
  'payment',
  'track',
  'support',
  'refund',
  'baggage',
  'checkin',
  'deals',
  'destinations',
  'ticket',
  'my-trip',
] as const;
export type Intent = (typeof INTENTS)[number] | 'generic';

/**
 * The keyword rules, tried in this order on the lower-cased message; the first rule with
 * a keyword inside the message wins (so "cancel my booking" is about booking).
 */
export const KEYWORD_RULES: readonly { intent: Intent; keywords: readonly string[] }[] = [
  { intent: 'booking', keywords: ['book', 'reservation'] },
  { intent: 'cancel', keywords: ['cancel'] },
  { intent: 'payment', keywords: ['payment', 'pay'] },
  { intent: 'track', keywords: ['track', 'status'] },
  { intent: 'support', keywords: ['support', 'help', 'contact'] },
  { intent: 'refund', keywords: ['refund', 'money back'] },
  { intent: 'baggage', keywords: ['baggage', 'luggage'] },
  { intent: 'checkin', keywords: ['check', 'checkin'] },
  { intent: 'deals', keywords: ['deal', 'offer', 'discount'] },
  { intent: 'destinations', keywords: ['cities', 'destination'] },
];

/**
 * The first topic whose keyword appears in the lower-cased message, else null.
 * @example keywordIntent('How do I BOOK a flight?') // 'booking'
 */
export function keywordIntent(message: string): Intent | null {
  const text = message.toLowerCase();
  for (const rule of KEYWORD_RULES) {
    if (rule.keywords.some((k) => text.includes(k))) return rule.intent;
  }
  return null;
}

/**
 * Phrasings per intent for the tolerant matcher: English synonyms, common typos' correct forms
 * (fuzzy matching covers the typos themselves) and Hindi in Latin script as travellers type it.
 */
const PHRASES: Record<(typeof INTENTS)[number], string[]> = {
  booking: ['book a flight', 'booking reservation reserve seat', 'buy ticket purchase flight', 'ticket lena hai ticket kaise le', 'flight book karni hai bukking', 'how to book tickets'],
  cancel: ['cancel cancellation', 'radd karna radd', 'cancel karna hai', 'cancel ticket trip', 'dont want to travel anymore', 'yatra radd'],
  payment: ['payment pay paying', 'upi gpay phonepe paytm', 'card credit debit net banking netbanking', 'bhugtan paise kaise de', 'payment failed deducted', 'transaction charged'],
  track: ['track tracking', 'flight status', 'delayed delay late der', 'on time departed landed arrived', 'flight kahan hai kitni der', 'my flight plane where', 'flite flight kab pahunchegi'],
  support: ['support help contact', 'customer care service call phone number email', 'talk human agent person', 'madad sahayata shikayat complaint', 'problem issue'],
  refund: ['refund refunds refunded', 'money back paisa wapas paise wapas', 'refund kab milega wapas kab', 'reimbursement return my money', 'amount credited back'],
  baggage: ['baggage luggage bags bag', 'samaan saaman saman', 'kg weight allowance kilo', 'suitcase cabin bag checked bag', 'kitna samaan le ja sakte'],
  checkin: ['check in checkin check-in', 'web checkin webcheckin online checkin', 'boarding counter', 'seat select'],
  deals: ['deal deals offer offers discount', 'cheap cheapest sasta sasti lowest fare', 'sale coupon promo code', 'save money saving'],
  destinations: ['cities city destination destinations', 'fly places routes', 'kahan ja sakte ghumne', 'popular places travel ideas'],
  ticket: ['ticket e-ticket eticket download pdf', 'my ticket mera ticket kahan hai', 'boarding pass pass', 'itinerary confirmation', 'tikit tickit'],
  'my-trip': ['my trip my booking my pnr', 'next flight upcoming trip', 'meri booking meri flight kab hai', 'my flight schedule itinerary', 'my journey safar'],
};

interface PhraseDoc {
  id: number;
  intent: (typeof INTENTS)[number];
  text: string;
}

const DOCS: PhraseDoc[] = INTENTS.flatMap((intent) => PHRASES[intent].map((text) => ({ intent, text }))).map((doc, id) => ({ id, ...doc }));
let index: MiniSearch<PhraseDoc> | undefined;

function phraseIndex(): MiniSearch<PhraseDoc> {
  if (index) return index;
  index = new MiniSearch<PhraseDoc>({
    fields: ['text'],
    searchOptions: { boostTerm: (term) => (WEAK_WORDS.has(term) ? 0.35 : 1), fuzzy: (term) => (term.length <= 2 ? 0 : term.length <= 5 ? 1 : 0.25), prefix: (term) => term.length >= 4, combineWith: 'OR' },
  });
  index.addAll(DOCS);
  return index;
}

/** Words that say nothing about the topic (and would match everything fuzzily). */
const STOP_WORDS = new Set(['i', 'a', 'an', 'the', 'my', 'me', 'is', 'are', 'to', 'of', 'for', 'do', 'does', 'how', 'what', 'can', 'hai', 'ka', 'ki', 'ke', 'se', 'ko', 'kya', 'mera', 'meri', 'mujhe', 'please', 'pls', 'plz', 'in', 'on', 'it', 'and', 'or', 'kaise', 'where', 'when', 'which', 'there', 'this', 'that', 'hello', 'hi']);
/** Words shared by many topics ("my flight"): they count, but little. */
const WEAK_WORDS = new Set(['flight', 'flights', 'plane', 'ticket', 'tickets', 'kab', 'kahan']);
const MIN_SCORE = 1;

/**
 * Tolerant matching after the keyword rules: the intent whose phrasings score highest for the
 * message (fuzzy and prefix search), or null when nothing scores well enough.
 * @example fuzzyIntent('refnd kab milega') // 'refund'
 */
function fuzzyIntent(message: string): (typeof INTENTS)[number] | null {
  const words = message
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !STOP_WORDS.has(w));
  if (words.length === 0) return null;
  const scores = new Map<(typeof INTENTS)[number], number>();
  for (const hit of phraseIndex().search(words.join(' '))) {
    const intent = DOCS[Number(hit.id)]?.intent;
    if (!intent) continue;
    scores.set(intent, Math.max(scores.get(intent) ?? 0, hit.score));
  }
  let best: (typeof INTENTS)[number] | null = null;
  let bestScore = MIN_SCORE;
  for (const [intent, score] of scores) {
    if (score > bestScore) {
      best = intent;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The topic of a message: the keyword rules first, then tolerant matching, else generic.
 * @example classify('ticket cancel karna hai') // 'cancel'
 */
export function classify(message: string): Intent {
  return keywordIntent(message) ?? fuzzyIntent(message) ?? 'generic';
}
