import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { DataTable } from './DataTable';
import { renderWithProviders, setupUser } from '@/testing';

const rows = Array.from({ length: 42 }, (_, i) => ({ id: i + 1, name: `Quarto ${i + 1}` }));
const columns = [{ field: 'name', headerName: 'Nome', width: 200 }];

function renderTable() {
  return renderWithProviders(
    <div style={{ height: 600, width: 800 }}>
      <DataTable aria-label="Quartos" rows={rows} columns={columns} />
    </div>,
  );
}

describe('DataTable', { timeout: 20_000 }, () => {
  afterEach(() => changeLanguage('pt'));

  describe('in Portuguese', () => {
    beforeEach(() => changeLanguage('pt'));

    it('says "Itens por página" and "1-10 de 42"', async () => {
      renderTable();
      expect(await screen.findByText('Itens por página')).toBeInTheDocument();
      expect(screen.getByText('1-10 de 42')).toBeInTheDocument();
    });

    it('offers 5, 10, 20, 25, 50, 100 and Todos, and Todos shows every row', async () => {
      const user = setupUser();
      renderTable();
      await screen.findByText('Itens por página');
      // jsdom cannot measure the grid, which keeps it visually hidden: query regardless.
      await user.click(screen.getByRole('combobox', { name: 'Itens por página', hidden: true }));
      const options = within(screen.getByRole('listbox')).getAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual([
        '5',
        '10',
        '20',
        '25',
        '50',
        '100',
        'Todos',
      ]);
      await user.click(screen.getByRole('option', { name: 'Todos' }));
      expect(await screen.findByText('1-42 de 42')).toBeInTheDocument();
    });
  });

  it.each([
    ['en', 'Items per page', '1-10 of 42'],
    ['fr', 'Éléments par page', '1-10 sur 42'],
  ] as const)('reads correctly in %s', async (locale, perPage, range) => {
    await changeLanguage(locale);
    renderTable();
    expect(await screen.findByText(perPage)).toBeInTheDocument();
    expect(screen.getByText(range)).toBeInTheDocument();
  });

  it('writes the numbers of the range in the active language (Arabic)', async () => {
    await changeLanguage('ar');
    renderTable();
    expect(await screen.findByText('عناصر في الصفحة')).toBeInTheDocument();
    const range = `${new Intl.NumberFormat('ar').format(1)}-${new Intl.NumberFormat('ar').format(10)} من ${new Intl.NumberFormat('ar').format(42)}`;
    expect(screen.getByText(range)).toBeInTheDocument();
  });
});
