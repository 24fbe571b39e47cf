import { describe, expect, it } from 'vitest';
import { TimeInput } from './TimeInput';
import { renderWithProviders } from '@/testing';

/** The time the field holds, as a form would read it (its named input). */
const held = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('input[name="checkIn"]')!.value;

const field = (value: string) => (
  <TimeInput label="Check-in" name="checkIn" value={value} onChange={() => {}} />
);

describe('TimeInput', () => {
  it('follows its value when the form sets it, a reset to nothing included', () => {
    const { container, rerender } = renderWithProviders(field('15:00'));
    expect(held(container)).toBe('15:00');
    rerender(field('11:30'));
    expect(held(container)).toBe('11:30');
    // The form is reset: the field shows no time, not the last one.
    rerender(field(''));
    expect(held(container)).toBe('');
  });
});
