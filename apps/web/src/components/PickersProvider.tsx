import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import type { Locale as DateFnsLocale } from 'date-fns';
import { ar, enGB, fr, pt } from 'date-fns/locale';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLocale } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';

/** Weeks start on Monday in every language of the app (ISO 8601, like the year calendar). */
function mondayFirst(locale: DateFnsLocale): DateFnsLocale {
  return { ...locale, options: { ...locale.options, weekStartsOn: 1, firstWeekContainsDate: 4 } };
}

const dateFnsLocales: Record<TLocale, DateFnsLocale> = {
  pt: mondayFirst(pt),
  en: mondayFirst(enGB),
  fr: mondayFirst(fr),
  ar: mondayFirst(ar),
};

/**
 * The date pickers in the active language (date-fns for the calendar's names and formats, our own
 * translations for the pickers' labels: MUI X has none in Arabic), weeks starting on Monday.
 */
export function PickersProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { language } = useIntl();
  const localeText = useMemo<Partial<PickersLocaleText>>(
    () => ({
      previousMonth: t('pickers.previousMonth'),
      nextMonth: t('pickers.nextMonth'),
      openPreviousView: t('pickers.openPreviousView'),
      openNextView: t('pickers.openNextView'),
      calendarViewSwitchingButtonAriaLabel: (view) =>
        view === 'year' ? t('pickers.yearViewOpen') : t('pickers.dayViewOpen'),
      cancelButtonLabel: t('pickers.cancel'),
      clearButtonLabel: t('pickers.clear'),
      okButtonLabel: t('pickers.ok'),
      todayButtonLabel: t('pickers.today'),
      datePickerToolbarTitle: t('pickers.toolbarTitle'),
      openDatePickerDialogue: (formatted) =>
        formatted ? t('pickers.openWithDate', { date: formatted }) : t('pickers.open'),
      fieldClearLabel: t('pickers.clear'),
      dateTableLabel: t('pickers.dateTable'),
      fieldYearPlaceholder: ({ digitAmount }) => t('pickers.yearLetter').repeat(digitAmount),
      fieldMonthPlaceholder: ({ contentType }) =>
        contentType === 'letter' ? t('pickers.monthLetters') : t('pickers.monthLetter').repeat(2),
      fieldDayPlaceholder: () => t('pickers.dayLetter').repeat(2),
      year: t('pickers.year'),
      month: t('pickers.month'),
      day: t('pickers.day'),
      weekDay: t('pickers.weekDay'),
      empty: t('pickers.empty'),
    }),
    [t],
  );
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={dateFnsLocales[language]}
      localeText={localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
