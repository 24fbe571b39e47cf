import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { TestProviders } from '@/testing';
import { EventMark, NightMarkIcon } from './EventMark';

beforeEach(() => changeLanguage('en'));

describe('the marks of holidays and events on the price calendar', () => {
  it("names the night's holiday and event in the cell's tooltip", () => {
    render(
      <TestProviders>
        <EventMark
          marks={[
            { kind: 'holiday', name: 'Natal' },
            { kind: 'event', name: 'Mercado de Natal' },
          ]}
        />
      </TestProviders>,
    );
    expect(screen.getByTestId('event-mark')).toHaveAttribute(
      'title',
      'Holiday: Natal · Event: Mercado de Natal',
    );
  });

  it('shows nothing on a night without any', () => {
    render(
      <TestProviders>
        <EventMark marks={undefined} />
        <NightMarkIcon marks={[]} />
      </TestProviders>,
    );
    expect(screen.queryByTestId('event-mark')).toBeNull();
    expect(screen.queryByTestId('night-mark')).toBeNull();
  });

  it("labels the header's icon for screen readers, in the reader's language", async () => {
    await changeLanguage('pt');
    render(
      <TestProviders>
        <NightMarkIcon marks={[{ kind: 'holiday', name: 'Natal' }]} />
      </TestProviders>,
    );
    expect(screen.getByRole('img', { name: 'Feriado: Natal' })).toBeInTheDocument();
  });
});
