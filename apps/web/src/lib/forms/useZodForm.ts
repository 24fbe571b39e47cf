import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toFieldIssues, type TFieldIssue } from '@tarifa/contract';
import { issueMessage, toFormError, type FormError } from './messages';

interface UseZodFormOptions<S extends z.ZodType> {
  /**
   * The request's schema from `@tarifa/contract` (or one built on it): checked before sending. A
   * page whose first screen should not wait for zod (the sign-in pages) passes a loader instead,
   * `() => import('…').then((m) => m.ZSchema)`: it is called as the form appears.
   */
  schema: S | (() => Promise<S>);
  initialValues: z.input<S>;
  /**
   * Sends the parsed values. Whatever it throws is shown: an `ApiError`'s details land on the
   * fields they name, the rest in the form's alert. `reset` empties the form, e.g. after a success.
   */
  onSubmit: (data: z.output<S>, helpers: { reset: (next?: z.input<S>) => void }) => unknown;
}

type Values = Record<string, unknown>;
type FieldErrors = Record<string, TFieldIssue>;

/** The first issue for each path: one message per field. */
function byPath(issues: TFieldIssue[]): FieldErrors {
  return issues.reduce<FieldErrors>(
    (acc, issue) => (issue.path in acc ? acc : { ...acc, [issue.path]: issue }),
    {},
  );
}

/**
 * A small form state for MUI fields, validated with a shared zod schema before anything is sent.
 *
 * ```tsx
 * const form = useZodForm({ schema: ZLoginBody, initialValues: { email: '', password: '' },
 *   onSubmit: (body) => login.mutateAsync(body) });
 * <form {...form.formProps}>
 *   <FormAlert error={form.formError} />
 *   <TextField label="Email" {...form.field('email')} />
 *   <Button type="submit" loading={form.submitting}>Sign in</Button>
 * </form>
 * ```
 *
 * Errors show after the first submit and then follow each keystroke; a field the server rejected
 * keeps its message until it is edited.
 */
export function useZodForm<S extends z.ZodType>({
  schema,
  initialValues,
  onSubmit,
}: UseZodFormOptions<S>) {
  const { t } = useTranslation();
  const [values, setValuesState] = useState<z.input<S>>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const loadedSchema = useRef(typeof schema === 'function' ? undefined : schema);
  const loadSchema = async () => (loadedSchema.current ??= await (schema as () => Promise<S>)());

  useEffect(() => {
    // Fetched in the background as the form appears; a failure is shown at submit, when it matters.
    if (!loadedSchema.current) loadSchema().catch(() => undefined);
    // Once, on mount: `schema` is fixed for the form's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  /** Checks values against the schema, loaded by then (the first submit waits for it). */
  const validate = (candidate: z.input<S>) => {
    const result = loadedSchema.current!.safeParse(candidate);
    return result.success
      ? { data: result.data, errors: {} }
      : { data: undefined, errors: byPath(toFieldIssues(result.error)) };
  };

  const setValues = (patch: Partial<z.input<S>>) => {
    const next = { ...(values as Values), ...(patch as Values) } as z.input<S>;
    setValuesState(next);
    if (attempted) {
      setErrors(validate(next).errors);
    } else {
      const edited = Object.keys(patch as Values);
      setErrors((current) =>
        Object.fromEntries(
          Object.entries(current).filter(([path]) => !edited.includes(path.split('.')[0]!)),
        ),
      );
    }
  };

  const setValue = <K extends keyof z.input<S> & string>(name: K, value: z.input<S>[K]) =>
    setValues({ [name]: value } as unknown as Partial<z.input<S>>);

  /** The message for a field (any dotted path), or undefined. */
  const errorFor = (path: string): string | undefined =>
    errors[path] ? issueMessage(t, errors[path]) : undefined;

  /**
   * Props for a text-like MUI field bound to a top-level value. A field whose initial value is a
   * number (or with `numeric`) keeps a number: empty becomes `undefined` (so "required"), anything
   * else `Number(text)`.
   */
  const field = <K extends keyof z.input<S> & string>(
    name: K,
    {
      helperText,
      numeric = typeof (initialValues as Values)[name] === 'number',
    }: { helperText?: ReactNode; numeric?: boolean } = {},
  ) => ({
    name,
    value: String((values as Values)[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const text = event.target.value;
      const value = numeric ? (text.trim() === '' ? undefined : Number(text)) : text;
      setValue(name, value as z.input<S>[K]);
    },
    error: Boolean(errors[name]),
    helperText: errorFor(name) ?? helperText,
  });

  /** Back to fresh values (or new ones), with no errors. */
  const reset = (next: z.input<S> = initialValues) => {
    setValuesState(next);
    setErrors({});
    setFormError(null);
    setAttempted(false);
  };

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    setFormError(null);
    try {
      await loadSchema();
    } catch (error) {
      setFormError(toFormError(error));
      return;
    }
    setAttempted(true);
    const checked = validate(values);
    setErrors(checked.errors);
    if (checked.data === undefined) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(checked.data, { reset });
    } catch (error) {
      const { code, details } = toFormError(error);
      const known = Object.keys(values as Values);
      const onFields = details.filter((d) => known.includes(d.path.split('.')[0]!));
      const elsewhere = details.filter((d) => !onFields.includes(d));
      setErrors(byPath(onFields));
      // When every detail found its field, the fields say it all.
      setFormError(onFields.length && !elsewhere.length ? null : { code, details: elsewhere });
      setFocusRequest((n) => n + 1);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    setValue,
    setValues,
    errors,
    errorFor,
    field,
    formError,
    submitting,
    handleSubmit,
    reset,
    formProps: {
      ref: formRef,
      noValidate: true,
      onSubmit: (event: FormEvent) => void handleSubmit(event),
    },
  };
}
