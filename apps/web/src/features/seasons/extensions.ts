import EventIcon from '@mui/icons-material/EventOutlined';
import { useTranslation } from 'react-i18next';
import { registerSearchSource, type SearchItem } from '@/components/search/registry';
import { useIntl } from '@/lib/intl';
import { useSelectedBusiness } from '@/api/business';
import { seasonPath } from './paths';
import { dayValue } from '@/lib/dates';

/**
 * What this feature plugs into the shell (imported once from `app/extensions.ts`): the global
 * search finds the selected property's seasons by name and opens their edit page.
 */
function useSeasonItems(): SearchItem[] {
  const { t } = useTranslation('seasons');
  const intl = useIntl();
  const { data: business } = useSelectedBusiness();
  const range = new Intl.DateTimeFormat(intl.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (business?.tariffConfiguration.sazonalities ?? []).map((season) => ({
    id: season.id,
    title: season.name,
    subtitle: t('search.subtitle', {
      dates: range.formatRange(dayValue(season.startDate), dayValue(season.endDate)),
    }),
    to: seasonPath(season.id),
    icon: EventIcon,
  }));
}

registerSearchSource({
  id: 'sazonalities',
  heading: 'seasons:search.heading',
  order: 40,
  useItems: useSeasonItems,
});
