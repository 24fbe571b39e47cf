/** Query keys of accounts and sessions; mutations update or invalidate exactly these. */
export const authKeys = {
  currentUser: ['auth', 'user'] as const,
  sessions: ['auth', 'sessions'] as const,
  digest: ['auth', 'digest'] as const,
};
