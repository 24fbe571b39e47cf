import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TBudgetMonth, TBusiness } from '@tarifa/contract';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';
import { UnsavedChangesGuard } from '@/components/UnsavedChangesGuard';
import { useSaveBudgetYear } from '@/api/budgets';
import { ApiError } from '@/lib/api';
import { useZodForm } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { currencySymbol, parseAmount, parseCount } from '@/lib/numbers';
import { budgetDraftSchema, draftOf, onEditorFields, type DraftMonth } from '../utils/draft';

/**
 * The twelve months of `year`, room nights and revenue each, typed and saved together with the
 * business's version (a change made elsewhere meanwhile is a conflict, with Reload). A month left
 * blank has no budget; the totals follow what is typed.
 */
export function BudgetEditor({
  business,
  year,
  saved,
}: {
  business: TBusiness;
  year: number;
  saved: TBudgetMonth[];
}) {
  const { t } = useTranslation('budgets');
  const intl = useIntl();
  const save = useSaveBudgetYear(business.uuid);
  const initial = draftOf(year, saved, intl.locale);
  const form = useZodForm({
    schema: budgetDraftSchema,
    initialValues: { months: initial },
    onSubmit: async ({ months }) => {
      try {
        await save.mutateAsync({ year, body: { version: business.version, months } });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const { status, code, message, details } = error;
        throw new ApiError(status, code, message, onEditorFields(details, months));
      }
    },
  });
  const months = form.values.months;
  const dirty = months.some(
    (draft, i) =>
      draft.roomNights !== initial[i]!.roomNights || draft.revenue !== initial[i]!.revenue,
  );
  const names = intl.months('long');
  const edit = (i: number, patch: Partial<DraftMonth>) =>
    form.setValue(
      'months',
      months.map((draft, k) => (k === i ? { ...draft, ...patch } : draft)),
    );
  const sum = (read: (draft: DraftMonth) => number | undefined) =>
    months.reduce((total, draft) => total + (read(draft) || 0), 0);
  const symbol = currencySymbol(intl.locale, business.currency);
  // Cents only when there are some, as every amount of the app.
  const money = (amount: number) =>
    intl.money(amount, business.currency, {
      maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    });

  return (
    <Stack
      component="form"
      spacing={2}
      {...form.formProps}
      aria-label={t('editor.label', { year })}
    >
      <UnsavedChangesGuard when={dirty && !form.submitting} />
      <BusinessErrorAlert error={form.formError} />
      <Table size="small" sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('editor.month')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('editor.roomNights')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('editor.revenue', { currency: symbol })}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {months.map((draft, i) => {
            const name = `${names[i]} ${intl.number(year, { useGrouping: false })}`;
            const nightsError = form.errorFor(`months.${i}.roomNights`);
            const revenueError = form.errorFor(`months.${i}.revenue`);
            // The server's refusal of the month itself (too far from today).
            const monthError = form.errorFor(`months.${i}.month`);
            return (
              <TableRow key={draft.month}>
                <TableCell component="th" scope="row">
                  <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {name}
                  </Typography>
                  {monthError && (
                    <Typography variant="caption" color="error" role="alert">
                      {monthError}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={draft.roomNights}
                    onChange={(event) => edit(i, { roomNights: event.target.value })}
                    error={Boolean(nightsError)}
                    helperText={nightsError}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'numeric',
                        dir: 'ltr',
                        'aria-label': t('editor.roomNightsOf', { month: name }),
                        'data-testid': `nights-${draft.month}`,
                      },
                    }}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={draft.revenue}
                    onChange={(event) => edit(i, { revenue: event.target.value })}
                    error={Boolean(revenueError)}
                    helperText={revenueError}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'decimal',
                        dir: 'ltr',
                        'aria-label': t('editor.revenueOf', { month: name }),
                        'data-testid': `revenue-${draft.month}`,
                      },
                    }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {t('editor.total')}
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }} data-testid="total-nights">
              {intl.number(sum((draft) => parseCount(draft.roomNights)))}
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }} data-testid="total-revenue">
              {money(Math.round(sum((draft) => parseAmount(draft.revenue)) * 100) / 100)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!dirty} loading={form.submitting}>
          {t('editor.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
