import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAuditEvent } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { anUuid, json, plain, renderWithProviders, setupUser } from '@/testing';
import { AdminAuditPanel } from './AdminAuditPanel';
import { AuditTrail } from './AuditTrail';

const businessUuid = anUuid();
const owner = { uuid: anUuid(), name: 'Olga Owner' };
const business = { uuid: businessUuid, name: 'Casa Azul' };

function anEvent(overrides: Partial<TAuditEvent>): TAuditEvent {
  return {
    id: anUuid(),
    action: 'update',
    entity: 'settings',
    entityId: businessUuid,
    entityName: 'Casa Azul',
    actorKind: 'user',
    actor: owner,
    token: null,
    business,
    subjectUser: null,
    changes: {},
    createdAt: '2026-03-02T10:15:00.000Z',
    ...overrides,
  };
}

const byOwner = anEvent({
  entity: 'booking',
  entityName: 'B-1',
  changes: {
    totalAmount: { before: 360, after: 1400.5 },
    guestName: { before: 'Maria Silva', after: 'Maria Santos' },
    cancelledAt: { before: null, after: '2026-03-01T09:00:00.000Z' },
  },
});
const byToken = anEvent({
  action: 'create',
  entity: 'booking',
  entityName: 'B-2',
  actorKind: 'integration',
  token: { id: anUuid(), name: 'PMS sync' },
});
const bySystem = anEvent({
  action: 'approve',
  entity: 'price_change',
  actorKind: 'system',
  actor: null,
  changes: { count: { before: null, after: 12 } },
});

let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;

beforeEach(async () => {
  await changeLanguage('en');
  answer = () => json(200, { events: [byOwner, byToken, bySystem], total: 3 });
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const requested = () => fetchMock.mock.calls.map(([url]) => String(url));
const rowOf = async (text: string) =>
  (await screen.findByText(text, { exact: false })).closest('tr') as HTMLElement;

describe('AuditTrail', { timeout: 30_000 }, () => {
  it('says who did what: a person, a person through a token, Tarifa', async () => {
    renderWithProviders(<AuditTrail source={{ kind: 'business', businessUuid }} />);
    const table = await screen.findByRole('table', { name: 'Audit events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => plain(row.textContent))).toEqual([
      expect.stringMatching(/Olga Owner.*Changed.*Booking · B-1/),
      expect.stringMatching(/Olga Owner via token “PMS sync”.*Created.*Booking · B-2/),
      expect.stringMatching(/Tarifa.*Approved.*Price changes · Casa Azul/),
    ]);
    expect(requested()).toEqual([`/api/v1/businesses/${businessUuid}/audit?page=1&pageSize=20`]);
  });

  it('shows the fields before and after, formatted, on demand (keyboard)', async () => {
    const user = setupUser();
    renderWithProviders(<AuditTrail source={{ kind: 'business', businessUuid }} />);
    const row = await rowOf('B-1');
    const toggle = within(row).getByRole('button', { name: /Show the details of Booking/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    /** A field's value before and after, as shown. */
    const field = (name: string) =>
      [...details.querySelectorAll(`[data-field="${name}"] dd > span`)].map((span) =>
        plain(span.textContent),
      );
    expect(field('totalAmount')).toEqual(['360', '1,400.5']);
    expect(field('guestName')).toEqual(['Maria Silva', 'Maria Santos']);
    expect(field('cancelledAt')).toEqual(['—', expect.stringMatching(/^1 Mar 2026, \d\d:00$/)]);
  });

  it('asks again with the filters chosen, from the first page', async () => {
    const user = setupUser();
    renderWithProviders(<AuditTrail source={{ kind: 'business', businessUuid }} />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('combobox', { name: 'Who' }));
    await user.click(await screen.findByRole('option', { name: 'An integration' }));
    await waitFor(() =>
      expect(requested().at(-1)).toBe(
        `/api/v1/businesses/${businessUuid}/audit?actorKind=integration&page=1&pageSize=20`,
      ),
    );
  });

  it('keeps its filters and page in the address bar, and a filter goes back to the first page', async () => {
    const user = setupUser();
    answer = () => json(200, { events: [byOwner], total: 45 });
    renderWithProviders(<AuditTrail source={{ kind: 'business', businessUuid }} />, {
      path: '/my-property/audit?actor=user&from=2026-03-01&page=2',
    });
    await screen.findByRole('table');
    expect(requested()[0]).toBe(
      `/api/v1/businesses/${businessUuid}/audit?actorKind=user&from=2026-03-01&page=2&pageSize=20`,
    );
    await user.click(screen.getByRole('combobox', { name: 'Who' }));
    await user.click(await screen.findByRole('option', { name: 'An integration' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/my-property/audit?actor=integration&from=2026-03-01',
      ),
    );
  });

  it('says when nothing matches, and when the trail failed to load', async () => {
    answer = () => json(200, { events: [], total: 0 });
    const { unmount } = renderWithProviders(
      <AuditTrail source={{ kind: 'business', businessUuid }} />,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing has been recorded yet.');
    unmount();
    answer = () => json(404, { error: { code: 'not_found', message: 'Business not found' } });
    renderWithProviders(<AuditTrail source={{ kind: 'business', businessUuid }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The audit trail could not be loaded.',
    );
  });

  it('reads in Arabic, right to left', async () => {
    await changeLanguage('ar');
    renderWithProviders(<AuditTrail source={{ kind: 'business', businessUuid }} />);
    expect(await screen.findByRole('table', { name: 'أحداث التدقيق' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(plain((await rowOf('B-2')).textContent)).toContain('Olga Owner عبر الرمز «PMS sync»');
  });
});

describe('AdminAuditPanel', { timeout: 30_000 }, () => {
  it('reads every event and shows the property or the account of each', async () => {
    const client = { uuid: anUuid(), name: 'Carla Client' };
    answer = () =>
      json(200, {
        events: [
          anEvent({
            action: 'disable',
            entity: 'user',
            entityName: 'Carla Client',
            business: null,
            subjectUser: client,
            actor: { uuid: anUuid(), name: 'Ada Admin' },
          }),
          byOwner,
        ],
        total: 2,
      });
    renderWithProviders(<AdminAuditPanel />, { roles: ['super-admin'] });
    expect(plain((await rowOf('Disabled')).textContent)).toMatch(
      /Ada Admin.*Disabled.*Account · Carla Client.*Account of Carla Client/,
    );
    expect(plain((await rowOf('B-1')).textContent)).toContain('Casa Azul');
    expect(requested()).toEqual(['/api/v1/admin/audit?page=1&pageSize=20']);
  });
});
