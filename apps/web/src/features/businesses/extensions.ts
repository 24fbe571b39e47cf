import BedIcon from '@mui/icons-material/KingBedOutlined';
import HomeWorkIcon from '@mui/icons-material/HomeWorkOutlined';
import { useTranslation } from 'react-i18next';
import { registerSearchSource, type SearchItem } from '@/components/search/registry';
import { registerShellQuery } from '@/lib/shellQueries';
import { businessesQueryOptions, useBusinesses, useSelectedBusiness } from '@/api/business';

/**
 * What this feature plugs into the shell (imported once from `app/extensions.ts`): the default
 * layout loads the businesses before it shows, and the global search finds the
 * properties (choosing another one selects it, through `?select=`) and the selected one's room types.
 */
registerShellQuery(businessesQueryOptions);

function useBusinessItems(): SearchItem[] {
  const { t } = useTranslation('property');
  const { data: businesses = [] } = useBusinesses();
  return businesses.map((business, i) => ({
    id: business.uuid,
    title: business.name,
    subtitle: i === 0 ? t('search.selected') : t('search.property'),
    // `?select=` makes it the selected property on arrival (RequireBusiness).
    to: i === 0 ? '/my-property' : `/my-property?select=${encodeURIComponent(business.uuid)}`,
    icon: HomeWorkIcon,
    keywords: [business.city ?? '', business.country ?? ''].filter(Boolean),
  }));
}

function useRoomTypeItems(): SearchItem[] {
  const { t } = useTranslation('property');
  const { data: business } = useSelectedBusiness();
  return (business?.tariffConfiguration.roomsTariff ?? []).map((room) => ({
    id: room.uuid,
    title: room.name,
    subtitle: t('search.roomType', { name: business!.name }),
    to: '/pricing-central/room-form',
    icon: BedIcon,
    keywords: [room.code],
  }));
}

registerSearchSource({
  id: 'businesses',
  heading: 'property:search.properties',
  order: 20,
  useItems: useBusinessItems,
});
registerSearchSource({
  id: 'room-types',
  heading: 'property:search.roomTypes',
  order: 30,
  useItems: useRoomTypeItems,
});
