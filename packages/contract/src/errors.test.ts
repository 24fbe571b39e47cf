import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldIssues } from './errors';

const schema = z.object({
  email: z.email(),
  name: z.string().min(1).max(5),
  rooms: z.number().int().min(1),
  language: z.enum(['pt', 'en']),
  password: z
    .string()
    .refine((v) => v.length >= 10, { params: { code: 'password_too_short', minimum: 10 } }),
});

function issuesOf(input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return Object.fromEntries(toFieldIssues(result.error).map((i) => [i.path, i]));
}

describe('toFieldIssues', () => {
  it('gives each bad field its path, a stable code and the values a translation needs', () => {
    const issues = issuesOf({
      email: 'nope',
      name: 'toolong',
      rooms: 0,
      language: 'de',
      password: 'short',
    });
    expect(issues.email).toMatchObject({ code: 'invalid_email' });
    expect(issues.name).toMatchObject({ code: 'too_long', params: { maximum: 5 } });
    expect(issues.rooms).toMatchObject({ code: 'too_small', params: { minimum: 1 } });
    expect(issues.language).toMatchObject({
      code: 'invalid_option',
      params: { options: 'pt, en' },
    });
    expect(issues.password).toMatchObject({ code: 'password_too_short', params: { minimum: 10 } });
  });

  it('calls a missing or empty field required', () => {
    const issues = issuesOf({ name: '', rooms: 1, language: 'pt', password: 'long enough!' });
    expect(issues.email).toMatchObject({ code: 'required' });
    expect(issues.name).toMatchObject({ code: 'required' });
  });

  it('prefixes nested paths', () => {
    const result = z
      .object({ a: z.array(z.object({ code: z.string() })) })
      .safeParse({ a: [{ code: 1 }] });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(toFieldIssues(result.error, ['body'])[0]!.path).toBe('body.a.0.code');
  });
});
