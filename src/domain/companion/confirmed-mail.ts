import { and, eq } from 'drizzle-orm';
import { firstNameOf } from '../../core/companion';
import { type bookings, groupMembers, groups, outbox } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import type { NoticeMailPayload } from '../booking/outbox';

/**
 * A group's booking paid share by share is confirmed: every member other than the organiser
 * (who gets the booking's own confirmation mail) hears it, with a link to the group page.
 * Runs in the confirming transaction (`ConfirmHooks.sharesComplete`), so the mail goes out if
 * and only if the booking is confirmed.
 * @example await confirmPayment(db, clock, catalog, notice, keyed, { sharesComplete: mailGroupConfirmed })
 */
export async function mailGroupConfirmed(tx: Tx, booking: typeof bookings.$inferSelect, now: Date): Promise<void> {
  const members = await tx
    .select({ email: groupMembers.email, name: groupMembers.name, groupId: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groups.bookingId, booking.id), eq(groupMembers.isOrganizer, false)));
  if (members.length === 0) return;
  const legs = booking.itinerary.legs;
  const route = `${legs[0]?.from.code ?? ''} → ${legs[legs.length - 1]?.to.code ?? ''}`;
  await tx.insert(outbox).values(
    members.map((m) => {
      const payload: NoticeMailPayload = {
        subject: `Group booking confirmed: ${route}, PNR ${booking.pnr}`,
        text: `Hello ${firstNameOf(m.name)},\n\nEvery share is paid: the group's booking ${route} on ${legs[0]?.departure.slice(0, 10) ?? ''} is confirmed. PNR ${booking.pnr}. Open the group page for your e-ticket.`,
        path: `/groups/${m.groupId}`,
      };
      return { kind: 'notice-mail' as const, recipient: m.email, payload, availableAt: now };
    }),
  );
}
