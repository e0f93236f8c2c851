// The booking bench with round trips (issue 28, decision 0062): each traveller books out and back
// as one booking of two journeys — one hold of both flights' seats, one payment, one confirm —
// on PostgreSQL (target ≥ 150 round-trip bookings/s at 32 concurrent travellers).
// Usage: npm run bench booking-round-trip   (the booking bench's variables apply; BOOKING_BENCH_ONLY=pglite|both for PGlite too)
process.env.BOOKING_BENCH_ROUND_TRIPS = '1';
if (process.env.BOOKING_BENCH_ONLY === 'both') delete process.env.BOOKING_BENCH_ONLY;
else process.env.BOOKING_BENCH_ONLY ??= 'postgres';
await import('./booking.mjs');
