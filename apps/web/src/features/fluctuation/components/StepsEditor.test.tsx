import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFluctuationLevelFieldsInput } from '@tarifa/contract';
import { useZodForm } from '@/lib/forms';
import { aRoomType } from '@/testing/fixtures';
import { changeLanguage } from '@/lib/i18n';
import { groupFormSchema, groupValues } from '../utils/steps';
import { StepsEditor } from './StepsEditor';
import { setupUser } from '@/testing';

const room = aRoomType({
  uuid: '11111111-1111-4111-8111-111111111111',
  name: 'Quarto Duplo',
  code: 'DBL',
  rooms: 10,
  basePrice: 100,
  minPrice: 70,
  maxPrice: 180,
});

/** The editor inside the shared form helper and the contract's rules, as the dialog uses it. */
function Harness({ onSubmit }: { onSubmit: (body: TFluctuationLevelFieldsInput) => void }) {
  const form = useZodForm({
    schema: groupFormSchema,
    initialValues: groupValues({
      uuid: '33333333-3333-4333-8333-333333333333',
      name: 'Procura normal',
      roomUuids: [],
      levels: [
        { occupancyFrom: 0, adjustmentPercent: -10 },
        { occupancyFrom: 50, adjustmentPercent: 0 },
        { occupancyFrom: 80, adjustmentPercent: 20 },
      ],
    }),
    onSubmit,
  });
  return (
    <form {...form.formProps}>
      <StepsEditor
        levels={form.values.levels}
        onChange={(levels) => form.setValue('levels', levels)}
        errorFor={form.errorFor}
        exampleRoom={room}
        currency="EUR"
      />
      <button type="submit">Guardar</button>
    </form>
  );
}

function setup() {
  const onSubmit = vi.fn();
  render(<Harness onSubmit={onSubmit} />);
  const user = setupUser();
  const threshold = (step: number) =>
    screen.getByRole('textbox', { name: `Ocupação a partir de, nível ${step}` });
  const change = (step: number) => screen.getByRole('textbox', { name: `Ajuste, nível ${step}` });
  const save = () => user.click(screen.getByRole('button', { name: 'Guardar' }));
  return { onSubmit, user, threshold, change, save };
}

describe('steps editor', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await changeLanguage('pt');
  });

  it('shows each step with the example room price, the first fixed at 0 %', () => {
    setup();
    const table = screen.getByRole('table', { name: 'Níveis' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('A partir de 0% (vazio)');
    expect(within(rows[1]!).queryByRole('textbox', { name: /Ocupação/ })).toBeNull();
    const euros = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' });
    expect(rows[1]).toHaveTextContent(euros.format(90).replace(/\s/g, ' '));
    expect(rows[3]).toHaveTextContent(euros.format(120).replace(/\s/g, ' '));
  });

  it('refuses a threshold lower than the one before it, with the translated message', async () => {
    const { user, threshold, save, onSubmit } = setup();
    await user.clear(threshold(3));
    await user.type(threshold(3), '30');
    await save();
    expect(threshold(3)).toHaveAccessibleDescription(
      'Cada limiar tem de ser superior ao anterior.',
    );
    expect(threshold(3)).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    // Fixing it clears the message; the same threshold twice is refused too.
    await user.clear(threshold(3));
    await user.type(threshold(3), '50');
    expect(threshold(3)).toHaveAccessibleDescription('Isto aparece duas vezes.');
    await user.clear(threshold(3));
    await user.type(threshold(3), '85');
    expect(threshold(3)).not.toHaveAccessibleDescription();
    await save();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        levels: [
          { occupancyFrom: 0, adjustmentPercent: -10 },
          { occupancyFrom: 50, adjustmentPercent: 0 },
          { occupancyFrom: 85, adjustmentPercent: 20 },
        ],
      }),
      expect.anything(),
    );
  });

  it('refuses a change beyond +500 % and reads a decimal comma', async () => {
    const { user, change, save, onSubmit } = setup();
    await user.clear(change(2));
    await user.type(change(2), '600');
    await user.clear(change(1));
    await user.type(change(1), '-7,5');
    await save();
    expect(change(2)).toHaveAccessibleDescription('Indique um valor igual ou inferior a 500.');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(change(2));
    await user.type(change(2), '5');
    await save();
    expect(onSubmit.mock.calls[0]![0].levels[0]).toEqual({
      occupancyFrom: 0,
      adjustmentPercent: -7.5,
    });
  });

  it('adds a step ten points above the last, and removes one', async () => {
    const { user, threshold, save, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Adicionar nível' }));
    expect(threshold(4)).toHaveValue('90');
    await user.click(screen.getByRole('button', { name: 'Remover o nível 2' }));
    expect(threshold(2)).toHaveValue('80');
    await save();
    expect(
      onSubmit.mock.calls[0]![0].levels.map((l: { occupancyFrom: number }) => l.occupancyFrom),
    ).toEqual([0, 80, 90]);
  });
});
