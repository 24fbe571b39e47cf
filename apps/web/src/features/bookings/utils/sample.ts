import { tarifaCsvColumns } from '@tarifa/contract';
import { addDays, today } from '@/lib/dates';

/**
 * A small Tarifa CSV to start from (docs/bookings.md): the header and two example bookings of the
 * given room code, in the coming weeks.
 */
export function sampleTarifaCsv(roomCode: string, currency: string): string {
  const start = addDays(today(), 14);
  const rows: Record<(typeof tarifaCsvColumns)[number], string>[] = [
    {
      external_id: 'B-1001',
      room_code: roomCode,
      arrival: start,
      departure: addDays(start, 3),
      rooms: '1',
      adults: '2',
      children: '0',
      status: 'confirmed',
      booked_at: `${today()}T10:00:00Z`,
      cancelled_at: '',
      total_amount: '360.00',
      currency,
      channel: 'Booking.com',
      segment: 'Leisure',
      country: 'PT',
      guest_name: 'Maria Silva',
      rate_plan: 'BAR',
      board: 'BB',
      cancellation_policy: 'flexible',
    },
    {
      external_id: 'B-1002',
      room_code: roomCode,
      arrival: addDays(start, 5),
      departure: addDays(start, 7),
      rooms: '1',
      adults: '1',
      children: '0',
      status: 'confirmed',
      booked_at: `${today()}T11:30:00Z`,
      cancelled_at: '',
      total_amount: '190.00',
      currency,
      channel: 'Direct',
      segment: 'Business',
      country: 'ES',
      guest_name: 'Juan Pérez',
      rate_plan: 'NRF',
      board: 'RO',
      cancellation_policy: 'non_refundable',
    },
  ];
  const lines = [
    tarifaCsvColumns.join(','),
    ...rows.map((row) => tarifaCsvColumns.map((column) => row[column]).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
