import { z } from 'zod';

/** Demo mode: a server started with `DEMO=true` holds a demo account with a sample property. */

/**
 * `GET /api/demo` (public): whether this server holds the demo account, and its credentials for
 * the login page to show.
 */
export const ZDemoInfo = z.object({
  enabled: z.boolean(),
  email: z.string().optional(),
  password: z.string().optional(),
});
export type TDemoInfo = z.infer<typeof ZDemoInfo>;
