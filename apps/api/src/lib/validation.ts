import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** A request part (body, querystring, params, headers) that failed its zod schema. */
export class RequestValidationError extends Error {
  validationContext?: string;
  constructor(readonly zodError: z.ZodError) {
    super('The request has invalid fields');
    this.name = 'RequestValidationError';
  }
}

/**
 * Validates each request part with its zod schema and keeps the zod error whole, so the error
 * handler can name every field with its stable code (see `toFieldIssues`).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    // `reportInput` lets `describeIssue` tell a missing field (`required`) from a wrong type.
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error) };
  };
