import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { aSeason as season, doubleRoom as double, suiteRoom as suite, setupUser } from '@/testing';
import { YearCalendar } from './YearCalendar';

const summer = season({
  name: 'Verão',
  color: '#fb8c00',
  startDate: '2026-06-15',
  endDate: '2026-09-15',
  priority: 1,
});
const festival = season({
  name: 'Festas',
  color: '#d81b60',
  startDate: '2026-06-10',
  endDate: '2026-06-20',
  priority: 5,
});
const suiteWeekends = season({
  name: 'Fins de semana das suites',
  color: '#1e88e5',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  weekdays: ['sat', 'sun'],
  roomUuids: [suite.uuid],
});

function renderCalendar(props: Partial<Parameters<typeof YearCalendar>[0]> = {}) {
  const onYearChange = vi.fn();
  const onSelectSeason = vi.fn();
  const onSelectEmptyDay = vi.fn();
  render(
    <MemoryRouter>
      <YearCalendar
        seasons={[summer, festival, suiteWeekends]}
        rooms={[double, suite]}
        year={2026}
        today="2026-11-21"
        onYearChange={onYearChange}
        onSelectSeason={onSelectSeason}
        onSelectEmptyDay={onSelectEmptyDay}
        {...props}
      />
    </MemoryRouter>,
  );
  return { onYearChange, onSelectSeason, onSelectEmptyDay, user: setupUser() };
}

/** The calendar cell of a night, found by the date its name says (e.g. "15 de junho de 2026"). */
const night = (date: string) => screen.getByRole('cell', { name: new RegExp(`\\b${date}\\b`) });

describe('year calendar', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await changeLanguage('pt');
  });

  it('shows twelve months with Portuguese names and weeks starting on Monday', () => {
    renderCalendar();
    const tables = screen.getAllByRole('table');
    expect(tables).toHaveLength(12);
    expect(within(tables[0]!).getByText('janeiro')).toBeInTheDocument();
    const headers = within(tables[0]!).getAllByRole('columnheader');
    expect(headers[0]).toHaveAttribute('abbr', 'segunda-feira');
    expect(headers[6]).toHaveAttribute('abbr', 'domingo');
    // 1 January 2026 is a Thursday: three empty cells come before it.
    const firstWeek = within(tables[0]!).getAllByRole('row')[1]!;
    const cells = within(firstWeek).getAllByRole('cell');
    expect(cells.slice(0, 3).every((cell) => cell.textContent === '')).toBe(true);
    expect(cells[3]).toHaveAccessibleName(/quinta-feira, 1 de janeiro de 2026/);
  });

  it('paints each night in its season colour, the highest priority winning where they overlap', () => {
    renderCalendar();
    expect(night('9 de junho de 2026')).not.toHaveStyle({ backgroundColor: '#fb8c00' });
    expect(night('9 de junho de 2026')).toHaveAccessibleName('terça-feira, 9 de junho de 2026');
    // The festival (priority 5) is laid over the summer (priority 1) from the 15th to the 20th.
    for (const day of [10, 15, 20]) {
      const cell = night(`${day} de junho de 2026`);
      expect(cell).toHaveStyle({ backgroundColor: '#d81b60' });
      expect(cell).toHaveAccessibleName(new RegExp(`${day} de junho de 2026: Festas$`));
    }
    expect(night('21 de junho de 2026')).toHaveStyle({ backgroundColor: '#fb8c00' });
    expect(night('21 de junho de 2026')).toHaveAccessibleName(/: Verão$/);
    expect(night('15 de setembro de 2026')).toHaveStyle({ backgroundColor: '#fb8c00' });
    expect(night('16 de setembro de 2026')).toHaveAccessibleName(
      'quarta-feira, 16 de setembro de 2026',
    );
  });

  it('paints a season limited to some weekdays only on those days, and to its room types', async () => {
    const { user } = renderCalendar();
    // 7 March 2026 is a Saturday, 9 March a Monday.
    expect(night('7 de março de 2026')).toHaveStyle({ backgroundColor: '#1e88e5' });
    expect(night('8 de março de 2026')).toHaveStyle({ backgroundColor: '#1e88e5' });
    expect(night('9 de março de 2026')).toHaveAccessibleName('segunda-feira, 9 de março de 2026');

    await user.click(screen.getByRole('combobox', { name: 'Mostrar para' }));
    await user.click(screen.getByRole('option', { name: 'Quarto Duplo' }));
    expect(night('7 de março de 2026')).toHaveAccessibleName('sábado, 7 de março de 2026');
    expect(night('21 de junho de 2026')).toHaveAccessibleName(/: Verão$/);
  });

  it('lists the seasons of the year as links to their pages, and opens a season from a day', async () => {
    const { user, onSelectSeason, onSelectEmptyDay } = renderCalendar();
    const legend = screen.getByRole('list', { name: 'Sazonalidades deste ano' });
    expect(within(legend).getByRole('link', { name: 'Festas' })).toHaveAttribute(
      'href',
      `/pricing-central/sazonalities/${festival.id}`,
    );
    await user.click(night('12 de junho de 2026'));
    expect(onSelectSeason).toHaveBeenCalledWith(festival.id);
    // A free night starts a new season there.
    await user.click(night('2 de maio de 2026'));
    expect(onSelectEmptyDay).toHaveBeenCalledWith('2026-05-02');
    expect(onSelectSeason).toHaveBeenCalledTimes(1);
  });

  it('moves between years', async () => {
    const { user, onYearChange } = renderCalendar({ year: 2027 });
    expect(screen.getByText('Nenhuma sazonalidade cai neste ano.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ano anterior' }));
    expect(onYearChange).toHaveBeenCalledWith(2026);
    await user.click(screen.getByRole('button', { name: 'Ano seguinte' }));
    expect(onYearChange).toHaveBeenCalledWith(2028);
    await user.click(screen.getByRole('button', { name: 'Este ano' }));
    expect(onYearChange).toHaveBeenLastCalledWith(2026);
  });

  it("marks a holiday's and an event's nights and names them", () => {
    renderCalendar({
      marks: new Map([
        ['2026-12-25', [{ kind: 'holiday' as const, name: 'Natal' }]],
        ['2026-06-12', [{ kind: 'event' as const, name: 'Santos Populares' }]],
      ]),
    });
    const christmas = night('25 de dezembro de 2026');
    expect(christmas).toHaveAccessibleName(/Feriado: Natal$/);
    expect(christmas.getAttribute('title')).toMatch(/ · Feriado: Natal$/);
    expect(within(christmas).getByTestId('day-mark')).toBeInTheDocument();
    expect(night('12 de junho de 2026')).toHaveAccessibleName(/Festas · Evento: Santos Populares$/);
    expect(within(night('26 de dezembro de 2026')).queryByTestId('day-mark')).toBeNull();
  });
});
