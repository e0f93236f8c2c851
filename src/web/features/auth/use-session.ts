/**
 * The signed-in traveller, if any. Accounts arrive with the booking work; until
 * then nobody is signed in and the shell shows the anonymous header.
 */
export interface SessionUser {
  id: string;
  email: string;
}

export function useSession(): { user: SessionUser | null; signOut(): Promise<void> } {
  return { user: null, signOut: async () => {} };
}
