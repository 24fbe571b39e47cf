import BedIcon from '@mui/icons-material/BedOutlined';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerSearchSource } from '@/components/search/registry';
import { renderWithProviders } from '@/testing';
import { changeLanguage } from '@/lib/i18n';
import '../search/pagesSource';
import { SearchDialog } from './SearchDialog';

describe('the global search', () => {
  beforeAll(() => {
    registerSearchSource({
      id: 'test-rooms',
      heading: 'nav:roomForm',
      order: 30,
      useItems: () => [
        {
          id: 'r1',
          title: 'Suite Atlântico',
          subtitle: 'Casa do Mar',
          to: '/pricing-central/room-form',
          icon: BedIcon,
          keywords: ['STE'],
        },
      ],
    });
  });
  beforeEach(() => changeLanguage('pt'));

  function open() {
    const onClose = vi.fn();
    renderWithProviders(<SearchDialog open onClose={onClose} />);
    return { onClose, input: screen.getByRole('combobox', { name: 'Pesquisar' }) };
  }

  it('suggests the frequent pages before anything is typed', () => {
    open();
    const list = screen.getByRole('listbox');
    expect(within(list).getByRole('group', { name: 'Páginas frequentes' })).toBeInTheDocument();
    expect(
      within(list).getByRole('option', { name: 'Calendário de preços Central de Preços' }),
    ).toBeInTheDocument();
  });

  it('finds pages in the active language, without accents, and by their English name', async () => {
    const { input } = open();
    await userEvent.type(input, 'historico');
    expect(screen.getByRole('option', { name: /Histórico da ocupação/ })).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'heat map');
    expect(screen.getByRole('option', { name: /Mapa de calor/ })).toBeInTheDocument();
  });

  it('shows the results of every registered source under its heading', async () => {
    const { input } = open();
    await userEvent.type(input, 'ste');
    const group = screen.getByRole('group', { name: 'Quartos' });
    expect(within(group).getByRole('option', { name: /Suite Atlântico/ })).toBeInTheDocument();
  });

  it('moves with the arrows and opens the chosen result with Enter', async () => {
    const { input, onClose } = open();
    await userEvent.type(input, 'sazonalid');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing-central/sazonalities/new');
  });

  it('says so when nothing matches', async () => {
    const { input } = open();
    await userEvent.type(input, 'xyzzy');
    expect(screen.getByText('Nada encontrado para «xyzzy»')).toBeInTheDocument();
  });
});
