import { guestPrivacyDefaults, type TGuestRetentionMonths } from '@tarifa/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { guestPrivacySettings } from '../db/schema';

/**
 * A property's guest-data settings (docs/privacy.md), read by every write that may store a
 * guest's name — the bookings' calls, imports — and by the retention job. The privacy module
 * saves them; they live here so that no module reaches into another for them.
 */
export interface GuestPrivacy {
  retentionMonths: TGuestRetentionMonths;
  keepGuestNames: boolean;
}

/** The business's settings as saved, or the defaults (24 months, names kept) before a save. */
export async function guestPrivacyOf(db: Executor, businessUuid: string): Promise<GuestPrivacy> {
  const [row] = await db
    .select({
      retentionMonths: guestPrivacySettings.retentionMonths,
      keepGuestNames: guestPrivacySettings.keepGuestNames,
    })
    .from(guestPrivacySettings)
    .where(eq(guestPrivacySettings.businessUuid, businessUuid));
  return row
    ? {
        retentionMonths: row.retentionMonths as TGuestRetentionMonths,
        keepGuestNames: row.keepGuestNames,
      }
    : { ...guestPrivacyDefaults };
}
