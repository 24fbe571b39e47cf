import { randomUUID } from 'node:crypto';

/** The JSON Schema of a request part, as the OpenAPI document (`/api/docs/json`) describes it. */
export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  /** A valid value the contract documents (`.meta({ example })`), taken first. */
  example?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

/**
 * A small valid value for a request schema of the OpenAPI document: required properties only,
 * the contract's example where it gives one (for rules a schema cannot say, such as "a room
 * type by uuid or by code"), the first choice of each union and enum, one item per array, each
 * number at its minimum (1 if none), and dates that follow one another (a departure after its arrival, a season's end after its
 * start). Enough for a request to pass validation and reach its handler, whatever the route.
 */
export function sampleOf(schema: JsonSchema): unknown {
  let day = 0;
  const nextDate = () => {
    day += 1;
    return `2026-07-${String(day).padStart(2, '0')}`;
  };
  const sample = (node: JsonSchema): unknown => {
    const choice = node.oneOf?.[0] ?? node.anyOf?.[0];
    if (choice) return sample(choice);
    if (node.example !== undefined) return node.example;
    if (node.default !== undefined) return node.default;
    if (node.enum) return node.enum[0];
    switch (node.type) {
      case 'object':
        return Object.fromEntries(
          (node.required ?? []).map((key) => [key, sample(node.properties?.[key] ?? {})]),
        );
      case 'array':
        return node.items ? [sample(node.items)] : [];
      case 'number':
      case 'integer':
        return Math.min(node.minimum ?? 1, node.maximum ?? 1);
      case 'boolean':
        return false;
      default:
        return sampleString(node, nextDate);
    }
  };
  return sample(schema);
}

function sampleString(node: JsonSchema, nextDate: () => string): string {
  switch (node.format) {
    case 'date':
      return nextDate();
    case 'date-time':
      return `${nextDate()}T09:30:00Z`;
    case 'uuid':
      return randomUUID();
    case 'email':
      return 'someone@example.test';
    case 'uri':
      return 'https://example.test/hook';
    default:
      return 'x'.repeat(Math.max(1, node.minLength ?? 1));
  }
}
