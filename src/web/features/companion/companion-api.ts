import { queryOptions } from '@tanstack/react-query';
import type { PaymentMethod, PaymentOrder } from '../../../core/booking';
import type {
  AddMemberBody,
  CreateGroupBody,
  GroupListResponse,
  GroupResponse,
  InviteResponse,
  SharedItineraryResponse,
  TripResponse,
} from '../../../core/companion';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * Fetchers and query options for the Travel Companion API (/api/groups, /api/group-invites,
 * /api/trips). Errors are ApiError: status, the server's message and field messages.
 */
const group = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}`;

export function createGroup(body: CreateGroupBody, idempotencyKey: string): Promise<GroupResponse> {
  return apiFetch('/api/groups', { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function addMember(groupId: string, body: AddMemberBody, idempotencyKey: string): Promise<GroupResponse> {
  return apiFetch(`${group(groupId)}/members`, { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function removeMember(groupId: string, memberId: string): Promise<GroupResponse> {
  return apiFetch(`${group(groupId)}/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' });
}

export function bookGroup(groupId: string, idempotencyKey: string): Promise<GroupResponse> {
  return apiFetch(`${group(groupId)}/book`, { json: {}, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function cancelGroup(groupId: string): Promise<GroupResponse> {
  return apiFetch(`${group(groupId)}/cancel`, { json: {} });
}

export function saveMemberPassenger(groupId: string, memberId: string, passenger: Record<string, string>): Promise<GroupResponse> {
  return apiFetch(`${group(groupId)}/members/${encodeURIComponent(memberId)}/passenger`, { method: 'PUT', json: { passenger } });
}

export function createShareOrder(groupId: string, memberId: string, method: PaymentMethod, idempotencyKey: string): Promise<{ order: PaymentOrder }> {
  return apiFetch(`${group(groupId)}/shares/${encodeURIComponent(memberId)}/order`, { json: { method }, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function confirmShare(groupId: string, memberId: string, body: { orderId: string; paymentId: string; signature: string }, idempotencyKey: string): Promise<GroupResponse> {
  return apiFetch(`${group(groupId)}/shares/${encodeURIComponent(memberId)}/confirm`, { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function createSharedItinerary(groupId: string, idempotencyKey: string): Promise<SharedItineraryResponse> {
  return apiFetch(`${group(groupId)}/itinerary`, { json: {}, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function revokeSharedItinerary(groupId: string): Promise<null> {
  return apiFetch(`${group(groupId)}/itinerary`, { method: 'DELETE' });
}

export function sendItineraryInvitations(groupId: string): Promise<{ sent: number }> {
  return apiFetch(`${group(groupId)}/itinerary/invitations`, { json: {} });
}

export function acceptInvite(token: string, passenger: Record<string, string>): Promise<GroupResponse> {
  return apiFetch(`/api/group-invites/${encodeURIComponent(token)}/accept`, { json: { passenger } });
}

export function groupQuery(groupId: string) {
  return queryOptions({
    queryKey: queryKeys.groups.one(groupId),
    queryFn: () => apiFetch<GroupResponse>(group(groupId)).then((r) => r.group),
  });
}

export function groupsQuery() {
  return queryOptions({ queryKey: queryKeys.groups.all, queryFn: () => apiFetch<GroupListResponse>('/api/groups').then((r) => r.groups) });
}

export function inviteQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.groupInvite(token),
    queryFn: () => apiFetch<InviteResponse>(`/api/group-invites/${encodeURIComponent(token)}`).then((r) => r.invite),
    retry: false,
  });
}

export function tripQuery(code: string) {
  return queryOptions({
    queryKey: queryKeys.trip(code),
    queryFn: () => apiFetch<TripResponse>(`/api/trips/${encodeURIComponent(code)}`).then((r) => r.trip),
    retry: false,
  });
}
