import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { onFormFields } from './formFields';

const failure = (...paths: string[]) =>
  new ApiError(
    400,
    'validation_failed',
    'The request has invalid fields',
    paths.map((path) => ({ path, code: 'invalid', message: 'Invalid' })),
  );
const pathsOf = (error: unknown) => (error as ApiError).details.map((d) => d.path);

describe('onFormFields', () => {
  it('moves the details under a prefix onto the form’s fields, renamed, and leaves the others', () => {
    const rename = (field: string) => (field === 'adjustment.value' ? 'adjustmentValue' : field);
    const moved = onFormFields(
      failure('ratePlan.code', 'ratePlan.adjustment.value', 'version'),
      'ratePlan.',
      rename,
    );
    expect(pathsOf(moved)).toEqual(['code', 'adjustmentValue', 'version']);
    expect(moved).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('takes a pattern for a prefix with an index', () => {
    expect(
      pathsOf(onFormFields(failure('bookings.0.arrival', 'bookings'), /^bookings\.\d+\./)),
    ).toEqual(['arrival', 'bookings']);
  });

  it('passes anything but an API failure through', () => {
    const network = new TypeError('Failed to fetch');
    expect(onFormFields(network, 'ratePlan.')).toBe(network);
  });
});
