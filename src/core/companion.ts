import { z } from './zod';
import { MAX_PASSENGERS, PAYMENT_METHODS } from './booking';

/**
 * Travel Companion: the contract shared by the Travel Companion dialog, the group and invitation
 * pages, the public /trip/{code} page and /api/groups, /api/group-invites, /api/trips.
 * Messages are the product's own wording, character for character.
 */

export const COMPANION_MESSAGES = {
  title: 'Travel Companion',
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Email is invalid',
  nameRequired: 'Name is required',
  memberAdded: 'Member added to group',
  itineraryCreated: 'Shared itinerary created!',
  invitationsSent: 'Invitations sent to all members!',
  copied: 'Itinerary details copied to clipboard!',
  initiated: 'Group booking initiated!',
  groupNotFound: 'Group not found',
  inviteNotFound: 'This invitation link is not valid',
  tripNotFound: 'This shared itinerary is not available',
  partyFull: `A group can have at most ${MAX_PASSENGERS} travellers`,
  duplicateEmail: 'This person is already in the group',
  notDraft: 'Members can only change before the group booking is initiated',
  alreadyMember: 'You are already a member of this group',
  detailsFirst: 'Fill in your passenger details before paying your share',
  sharePaid: 'Your share is already paid',
  organiserOnly: 'Only the organiser can do this',
} as const;

export const COMPANION_TABS = ['Group Booking', 'Split Payment', 'Shared Itinerary'] as const;

/** Organiser plus invitees: the normal booking limit. */
export const MAX_GROUP_SIZE = MAX_PASSENGERS;
/** A group's seats are held up to this long while every member pays their share… */
export const GROUP_HOLD_HOURS = 24;
/** …and never closer to the first departure than this. */
export const GROUP_HOLD_DEPARTURE_MARGIN_HOURS = 6;
/** A group booking needs at least this much hold time, else it is refused. */
export const GROUP_HOLD_MIN_MINUTES = 60;

// ---------------------------------------------------------------------------
// Split arithmetic

/**
 * Splits a total in paise into `members` equal shares; the remainder paise go to the first
 * entry (the organiser). Shares sum to the total and differ by at most the remainder (< members).
 * @example splitPaise(100_001, 3) // [33_335, 33_333, 33_333]
 */
export function splitPaise(totalPaise: number, members: number): number[] {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError(`total must be whole non-negative paise (got ${totalPaise})`);
  if (!Number.isSafeInteger(members) || members < 1) throw new RangeError(`members must be a whole number ≥ 1 (got ${members})`);
  const base = Math.floor(totalPaise / members);
  const remainder = totalPaise - base * members;
  return Array.from({ length: members }, (_, i) => (i === 0 ? base + remainder : base));
}

// ---------------------------------------------------------------------------
// Share codes

/** 32 symbols without look-alikes (no I, O, 0, 1): 6 of them carry exactly 30 bits. */
export const SHARE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SHARE_CODE_LENGTH = 6;
export const SHARE_CODE_RE = /^[A-HJ-NP-Z2-9]{6}$/;

/**
 * A share code from 6 uniformly random symbols (32 is a power of two, so masking 5 bits of a
 * random byte is unbiased). `random` fills a byte array, e.g. crypto.getRandomValues.
 * @example newShareCode((b) => crypto.getRandomValues(b)) // "K7QX2M"
 */
export function newShareCode(random: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = random(new Uint8Array(SHARE_CODE_LENGTH));
  let code = '';
  for (const byte of bytes) code += SHARE_CODE_ALPHABET[byte & 31];
  return code;
}

/** Bits of guessing a share code stands for. */
export const SHARE_CODE_BITS = SHARE_CODE_LENGTH * Math.log2(SHARE_CODE_ALPHABET.length);

/** The public page of a shared itinerary. */
export const tripPath = (code: string) => `/trip/${code}`;
/** The page an invitation mail links to. */
export const invitePath = (token: string) => `/group/join/${token}`;
export const groupPath = (groupId: string) => `/groups/${groupId}`;

/** The first word of a name: all the public page ever shows of a member. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

// ---------------------------------------------------------------------------
// Requests

const providerId = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .min(1, `${name} is required`)
    .max(400, `${name} is too long`)
    .regex(/^[\x21-\x7e]+$/, `${name} is not valid`);

/** POST /api/groups: the itinerary as the booking screen books it (its id and the total it showed). */
export const CreateGroupBodySchema = z.object({
  itineraryId: providerId('itineraryId'),
  /** All-in price per traveller (INR) the result card showed; informative, the server re-prices. */
  quotedPricePerPerson: z.number().int().min(0).optional(),
});
export type CreateGroupBody = z.infer<typeof CreateGroupBodySchema>;

/** POST /api/groups/{groupId}/members. */
export const AddMemberBodySchema = z.object({
  name: z
    .string({ message: COMPANION_MESSAGES.nameRequired })
    .trim()
    .min(1, COMPANION_MESSAGES.nameRequired)
    .max(100, 'At most 100 characters')
    .regex(/^[^\p{Cc}\p{Cf}<>]+$/u, 'Use letters, spaces and punctuation only')
    // The document generator writes a flagged regex as "…$/u"; JSON Schema patterns are Unicode already.
    .meta({ pattern: '^[^\\p{Cc}\\p{Cf}<>]+$' }),
  email: z
    .string({ message: COMPANION_MESSAGES.emailRequired })
    .trim()
    .min(1, COMPANION_MESSAGES.emailRequired)
    .max(254, COMPANION_MESSAGES.emailInvalid)
    .email(COMPANION_MESSAGES.emailInvalid),
});
export type AddMemberBody = z.infer<typeof AddMemberBodySchema>;

/**
 * Passenger details of one member: the booking screen's adult passenger (passengerSchema with
 * type 'Adult', checked by the server on the travel date). Shaped only here.
 */
export const MemberPassengerBodySchema = z.object({
  passenger: z.record(z.string(), z.unknown(), { message: 'Passenger details are required' }),
});

/** POST /api/groups/{groupId}/shares/{memberId}/order. */
export const ShareOrderBodySchema = z.object({
  method: z.enum(PAYMENT_METHODS, { message: 'Choose card or UPI' }),
});

// ---------------------------------------------------------------------------
// Views

const GROUP_STATUSES = ['draft', 'held', 'confirmed', 'expired', 'cancelled'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** A stored group: still a draft, has its booking (whose state is then the group's), or dropped as a draft. */
export const GROUP_RECORD_STATUSES = ['draft', 'booked', 'cancelled'] as const;

const AirportPointSchema = z.object({ code: z.string(), city: z.string(), terminal: z.string().nullable() });

/** One flight of the group's itinerary, as the group page and the public page show it. */
const GroupFlightSchema = z.object({
  flightNumber: z.string(),
  airline: z.string(),
  from: AirportPointSchema,
  to: AirportPointSchema,
  /** Local date-time with UTC offset. */
  departure: z.string(),
  arrival: z.string(),
});
export type GroupFlight = z.infer<typeof GroupFlightSchema>;

const MemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Shown to the group's members only, never on the public page. */
  email: z.string(),
  isOrganizer: z.boolean(),
  confirmed: z.boolean(),
  status: z.enum(['pending', 'confirmed']),
  hasPassengerDetails: z.boolean(),
});
export type Member = z.infer<typeof MemberSchema>;

const ShareSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(['pending', 'paid', 'refunded']),
});
export type Share = z.infer<typeof ShareSchema>;

export const SharedItinerarySchema = z.object({
  shareCode: z.string(),
  /** "/trip/{code}". */
  url: z.string(),
  createdAt: z.string(),
});
export type SharedItinerary = z.infer<typeof SharedItinerarySchema>;

export const GroupViewSchema = z.object({
  id: z.string(),
  status: z.enum(GROUP_STATUSES),
  flights: z.array(GroupFlightSchema),
  /** "DEL", "BOM", local departure date of the first flight, "06:05". */
  source: z.string(),
  destination: z.string(),
  date: z.string(),
  time: z.string(),
  cabin: z.string(),
  partySize: z.number().int(),
  /** All-in price per traveller (INR) when the group was priced. */
  pricePerPersonInr: z.number().int(),
  /** All-in total of the party in paise (held price once booked, else price per person × party). */
  totalPaise: z.number().int(),
  holdExpiresAt: z.string().nullable(),
  /** How long a group hold lasts at most (the screen states it). */
  holdMinutes: z.number().int(),
  members: z.array(MemberSchema),
  /** Empty while draft. */
  shares: z.array(ShareSchema),
  viewerMemberId: z.string(),
  viewerIsOrganizer: z.boolean(),
  bookingId: z.string().nullable(),
  /** Only once confirmed. */
  pnr: z.string().nullable(),
  itinerary: SharedItinerarySchema.nullable(),
  createdAt: z.string(),
});
export type GroupView = z.infer<typeof GroupViewSchema>;

export const GroupSummarySchema = z.object({
  id: z.string(),
  status: z.enum(GROUP_STATUSES),
  source: z.string(),
  destination: z.string(),
  date: z.string(),
  partySize: z.number().int(),
  isOrganizer: z.boolean(),
  createdAt: z.string(),
});
export type GroupSummary = z.infer<typeof GroupSummarySchema>;

export const InviteViewSchema = z.object({
  groupId: z.string(),
  organiserFirstName: z.string(),
  flights: z.array(GroupFlightSchema),
  source: z.string(),
  destination: z.string(),
  date: z.string(),
  memberName: z.string(),
  alreadyAccepted: z.boolean(),
  /** True when the signed-in traveller is the member this link was sent to (after accepting). */
  acceptedByYou: z.boolean(),
  status: z.enum(GROUP_STATUSES),
});
export type InviteView = z.infer<typeof InviteViewSchema>;

/** GET /api/trips/{code}: a shared itinerary as anyone may see it. Never emails, tickets, PNR, Aadhaar or payment data. */
export const PublicTripSchema = z
  .object({
    shareCode: z.string(),
    flights: z.array(GroupFlightSchema),
    members: z.array(z.object({ firstName: z.string() }).strict()),
    status: z.enum(GROUP_STATUSES),
  })
  .strict();
export type PublicTrip = z.infer<typeof PublicTripSchema>;

export interface GroupResponse {
  group: GroupView;
}
export interface GroupListResponse {
  groups: GroupSummary[];
}
export interface InviteResponse {
  invite: InviteView;
}
export interface SharedItineraryResponse {
  itinerary: SharedItinerary;
}
export interface TripResponse {
  trip: PublicTrip;
}
