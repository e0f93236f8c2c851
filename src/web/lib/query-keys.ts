/**
 * Every TanStack Query key the web app uses, in one place, so a screen that invalidates or
 * writes a cache entry names exactly the key the reader used. Keys are prefixes of each other
 * where invalidation should cascade: invalidating `bookings.all` also refreshes every
 * `bookings.one(id)`.
 */
export const queryKeys = {
  /** Search answers, keyed by the canonical query string of the search. */
  search: (params: string) => ['search', params] as const,
  roundTripSearch: (params: string) => ['search', 'round-trip', params] as const,
  fareCalendar: (from: string, to: string, month: string, cabin: string) => ['fare-calendar', from, to, month, cabin] as const,
  bookings: {
    all: ['bookings'] as const,
    one: (bookingId: string) => ['bookings', bookingId] as const,
    /** The refund quote for cancelling these passenger positions ("0,2"). */
    cancellationQuote: (bookingId: string, passengers: string, journey: number | null = null) => ['bookings', bookingId, 'cancellation-quote', passengers, journey] as const,
    /** The refund tracker: the booking's cancellations and refunds. */
    refunds: (bookingId: string) => ['bookings', bookingId, 'refunds'] as const,
    /** Flights the booking may change to on a date (YYYY-MM-DD), each with what changing costs. */
    changeOptions: (bookingId: string, date: string, journey: number | null = null) => ['bookings', bookingId, 'change-options', date, journey] as const,
    /** A booking's fare family and its fare lines per passenger and leg. */
    fare: (bookingId: string) => ['bookings', bookingId, 'fare'] as const,
    /** The seat map of a booking's leg (flight), with its passengers' choices and prices. */
    seatMap: (bookingId: string, flightId: string) => ['bookings', bookingId, 'seat-map', flightId] as const,
    /** Where each passenger stands for web check-in, per leg. */
    checkIn: (bookingId: string) => ['bookings', bookingId, 'check-in'] as const,
    /** The booking's trip changes (disruption cases) with the rights and actions of each. */
    disruption: (bookingId: string) => ['bookings', bookingId, 'disruption'] as const,
    /** Free flights to move to for one of the booking's trip changes. */
    disruptionAlternatives: (bookingId: string, disruptionId: string) => ['bookings', bookingId, 'disruption', 'alternatives', disruptionId] as const,
  },
  /** The signed-in traveller's bookings with trip changes and how many wait for an answer (the profile's badges). */
  disruptionSummary: ['disruption-summary'] as const,
  /** Public banners of airlines and airports in disruption on a date, for some airports ('' = all). */
  disruptionBanners: (date: string, airports: string) => ['disruption-banners', date, airports] as const,
  /** A booking-screen price for one itinerary, passenger mix and fare family (null: the cheapest). */
  quote: (itineraryId: string, mix: { adults: number; children: number; infants: number }, fareFamily: string | null) =>
    ['quote', itineraryId, mix.adults, mix.children, mix.infants, fareFamily] as const,
  profileStats: ['profile-stats'] as const,
  /** Account settings: the account, its sessions and passkeys. */
  account: {
    all: ['account'] as const,
    sessions: ['account', 'sessions'] as const,
    passkeys: ['account', 'passkeys'] as const,
    /** Safar credit: the balance and its ledger. */
    credit: ['account', 'credit'] as const,
  },
  /** The signed-in traveller's trip plans saved on the server. */
  tripPlans: ['trip-plans'] as const,
  paymentsConfig: ['payments-config'] as const,
  /** Travel Companion groups the traveller organises or belongs to. */
  groups: {
    all: ['groups'] as const,
    one: (groupId: string) => ['groups', groupId] as const,
  },
  groupInvite: (token: string) => ['group-invites', token] as const,
  /** A shared itinerary's public page. */
  trip: (code: string) => ['trips', code] as const,
  boardingPasses: ['boarding-passes'] as const,
  /** Co-travellers saved in the profile. */
  savedTravellers: ['saved-travellers'] as const,
  /** Tax invoices issued for the traveller's bookings. */
  invoices: ['invoices'] as const,
  gstDetails: (bookingId: string) => ['gst-details', bookingId] as const,
  consents: ['consents'] as const,
  weather: {
    forecast: (code: string, from: string) => ['weather', code, from] as const,
    insights: (code: string, date: string) => ['destination-insights', code, date] as const,
  },
  /** Live status of one flight (canonical number, local departure date). */
  flightStatus: (flightNumber: string, date: string) => ['flight-status', flightNumber, date] as const,
  /** The Flight Tracker's Recent Searches and the flights tracked offline, per account (`anon` for a visitor). */
  tracker: {
    all: ['tracker'] as const,
    history: (account: string) => ['tracker', 'history', account] as const,
    pending: (account: string) => ['tracker', 'pending', account] as const,
  },
  /** Smart recommendations from an origin within a budget (whole rupees). */
  recommendations: (origin: string, budget: number) => ['recommendations', origin, budget] as const,
  /** The signed-in traveller's unread in-app notices, per account. */
  notices: (account: string) => ['notices', account] as const,
  /** Price alerts of the signed-in traveller, or of this browser's owner token (`anon`). */
  priceAlerts: {
    all: ['price-alerts'] as const,
    list: (account: string) => ['price-alerts', account] as const,
  },
  explore: {
    catalogue: ['explore', 'catalogue'] as const,
    details: (routeId: string) => ['explore', 'details', routeId] as const,
    favoritesAll: ['explore', 'favorites'] as const,
    favorites: (userId: string) => ['explore', 'favorites', userId] as const,
  },
} as const;
