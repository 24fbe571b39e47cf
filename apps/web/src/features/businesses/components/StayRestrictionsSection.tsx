import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { weekdays, type TStayRestrictions, type TWeekday } from '@tarifa/contract';
import { useTranslation } from 'react-i18next';
import { useIntl } from '@/lib/intl';
import { numberText, parseNumberInput } from '@/lib/numbers';

/** The stay restrictions as the settings form holds them: numbers as typed, blank = none. */
export interface RestrictionsDraft {
  minStay: string;
  minStayByWeekday: Record<TWeekday, string>;
  maxStay: string;
  closedToArrival: TWeekday[];
  closedToDeparture: TWeekday[];
  orphanDiscount: boolean;
  orphanDiscountPercent: string;
}

export function draftOfRestrictions(r: TStayRestrictions): RestrictionsDraft {
  return {
    minStay: numberText(r.minStay),
    minStayByWeekday: Object.fromEntries(
      weekdays.map((day) => [
        day,
        r.minStayByWeekday[day] === null ? '' : numberText(r.minStayByWeekday[day]),
      ]),
    ) as Record<TWeekday, string>,
    maxStay: r.maxStay === null ? '' : numberText(r.maxStay),
    closedToArrival: [...r.closedToArrival],
    closedToDeparture: [...r.closedToDeparture],
    orphanDiscount: r.orphanDiscountPercent !== null,
    orphanDiscountPercent: numberText(r.orphanDiscountPercent ?? 15),
  };
}

/** The draft as the settings call takes it (unparseable numbers stay NaN: the schema refuses them). */
export function restrictionsOfDraft(d: RestrictionsDraft) {
  const num = (text: string) => parseNumberInput(text) as number;
  const optional = (text: string) => (text.trim() === '' ? null : num(text));
  return {
    minStay: num(d.minStay),
    minStayByWeekday: Object.fromEntries(
      weekdays.map((day) => [day, optional(d.minStayByWeekday[day])]),
    ) as Record<TWeekday, number | null>,
    maxStay: optional(d.maxStay),
    closedToArrival: weekdays.filter((day) => d.closedToArrival.includes(day)),
    closedToDeparture: weekdays.filter((day) => d.closedToDeparture.includes(day)),
    orphanDiscountPercent: d.orphanDiscount ? num(d.orphanDiscountPercent) : null,
  };
}

/**
 * Price setup's stay restrictions: the default minimum stay and one per weekday of arrival (blank:
 * the default), the maximum stay (blank: none), the weekdays closed to arrival and to departure,
 * and the orphan-night discount.
 */
export function StayRestrictionsFields({
  draft,
  onChange,
  errorAt,
}: {
  draft: RestrictionsDraft;
  onChange: (next: RestrictionsDraft) => void;
  /** The error of a field, by its path under `restrictions`. */
  errorAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('restrictions');
  const intl = useIntl();
  const dayNames = intl.weekdays('long');
  const nights = {
    endAdornment: <InputAdornment position="end">{t('settings.nights')}</InputAdornment>,
  };
  // Labels stay above the field: an empty one shows what applies instead (its placeholder), and
  // the "nights" after the number never runs into the label.
  const field = (
    path: string,
    label: string,
    value: string,
    set: (text: string) => void,
    more: { name?: string; placeholder?: string } = {},
  ) => (
    <TextField
      label={label}
      fullWidth
      size="small"
      value={value}
      placeholder={more.placeholder}
      onChange={(event) => set(event.target.value)}
      error={errorAt(path) !== undefined}
      helperText={errorAt(path)}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'aria-label': more.name },
        input: nights,
        inputLabel: { shrink: true },
      }}
    />
  );
  const days = (key: 'closedToArrival' | 'closedToDeparture') => (
    <FormGroup row role="group" aria-label={t(`settings.${key}`)}>
      <Typography variant="body2" sx={{ inlineSize: '100%' }}>
        {t(`settings.${key}`)}
      </Typography>
      {weekdays.map((day, i) => (
        <FormControlLabel
          key={day}
          label={dayNames[i]}
          control={
            <Checkbox
              size="small"
              checked={draft[key].includes(day)}
              onChange={(event) =>
                onChange({
                  ...draft,
                  [key]: event.target.checked
                    ? [...draft[key], day]
                    : draft[key].filter((d) => d !== day),
                })
              }
            />
          }
        />
      ))}
    </FormGroup>
  );

  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('minStay', t('settings.minStay'), draft.minStay, (minStay) =>
            onChange({ ...draft, minStay }),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('maxStay', t('settings.maxStay'), draft.maxStay, (maxStay) =>
            onChange({ ...draft, maxStay }),
          )}
        </Grid>
      </Grid>
      <Typography variant="body2">{t('settings.byWeekday')}</Typography>
      <Grid container spacing={2}>
        {weekdays.map((day, i) => (
          <Grid key={day} size={{ xs: 6, sm: 4, md: 3 }}>
            {field(
              `minStayByWeekday.${day}`,
              dayNames[i]!,
              draft.minStayByWeekday[day],
              (text) =>
                onChange({
                  ...draft,
                  minStayByWeekday: { ...draft.minStayByWeekday, [day]: text },
                }),
              // Blank: the default minimum stay applies, shown greyed.
              { name: t('settings.minStayOn', { day: dayNames[i] }), placeholder: draft.minStay },
            )}
          </Grid>
        ))}
      </Grid>
      {days('closedToArrival')}
      {days('closedToDeparture')}
      <FormControlLabel
        control={
          <Switch
            checked={draft.orphanDiscount}
            onChange={(event) => onChange({ ...draft, orphanDiscount: event.target.checked })}
          />
        }
        label={t('settings.orphanDiscount')}
      />
      {draft.orphanDiscount && (
        <TextField
          label={t('settings.orphanDiscountPercent')}
          size="small"
          value={draft.orphanDiscountPercent}
          onChange={(event) => onChange({ ...draft, orphanDiscountPercent: event.target.value })}
          error={errorAt('orphanDiscountPercent') !== undefined}
          helperText={errorAt('orphanDiscountPercent')}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
      )}
    </>
  );
}
