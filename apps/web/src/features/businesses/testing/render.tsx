import type { ReactNode } from 'react';
import type { Business } from '@tarifa/contract';
import { renderWithBusinesses } from '@/testing';

// Kept for RoomTypeDialog.test.tsx (owned elsewhere) until it uses `renderWithBusinesses` from
// `@/testing` (the same, with the list given).
export { fill } from '@/testing';
export const renderWithStore = (ui: ReactNode, businesses: Business[] = []) =>
  renderWithBusinesses(ui, businesses);
