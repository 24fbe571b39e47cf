import ListIcon from '@mui/icons-material/ListAltOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFirstPriceList } from '@tarifa/contract';
import { reasonStepName, useFirstPriceList } from '@/api/price-changes';
import { utcDay } from '@/lib/dates';
import { useIntl } from '@/lib/intl';

/** The price-changes page, where the first price list is reviewed. */
const priceChangesPath = '/pricing-central/price-changes';

/** How many drivers the summary names (the rest are in each change's reason). */
const shownDrivers = 4;

/**
 * A new property's first recommendations as one first price list to review (docs/price-changes-web.md):
 * "365 nights × 3 room types", the period, and what sets the prices (base prices, seasons,
 * weekdays…). Shows nothing once a change was decided. `linkToList` adds the way to the list (the
 * dashboard); on the price-changes page the list is right below.
 */
export function FirstPriceList({
  businessUuid,
  linkToList = false,
}: {
  businessUuid: string;
  linkToList?: boolean;
}) {
  const firstList = useFirstPriceList(businessUuid);
  if (!firstList.data) return null;
  return <FirstPriceListSummary list={firstList.data} linkToList={linkToList} />;
}

function FirstPriceListSummary({
  list,
  linkToList,
}: {
  list: TFirstPriceList;
  linkToList: boolean;
}) {
  const { t } = useTranslation('priceChanges');
  const intl = useIntl();
  const summary = t('firstList.summary', {
    nights: t('firstList.nights', { count: list.nights }),
    roomTypes: t('firstList.roomTypes', { count: list.roomTypes }),
    period: intl.dateRange(utcDay(list.from), utcDay(list.to), {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }),
  });
  return (
    <Alert
      severity="info"
      icon={<ListIcon />}
      // A calm summary, not an alert to announce: a region named by its title.
      role="region"
      component="section"
      aria-labelledby="first-price-list"
      data-testid="first-price-list"
      action={
        linkToList ? (
          <Button component={Link} to={priceChangesPath} color="inherit" size="small">
            {t('firstList.review')}
          </Button>
        ) : undefined
      }
      sx={{ alignItems: 'flex-start', '& .MuiAlert-action': { alignSelf: 'center' } }}
    >
      <AlertTitle id="first-price-list" component="h2" sx={{ typography: 'h6' }}>
        {t('firstList.title')}
      </AlertTitle>
      <Typography sx={{ fontWeight: 600 }}>{summary}</Typography>
      <Typography variant="body2" sx={{ mt: 0.5, maxInlineSize: 720 }}>
        {t('firstList.body')}
      </Typography>
      {list.drivers.length > 0 && (
        <Stack
          direction="row"
          component="ul"
          aria-label={t('firstList.drivers')}
          sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5, p: 0, listStyle: 'none', alignItems: 'center' }}
        >
          <Typography component="li" variant="body2" sx={{ fontWeight: 600 }} aria-hidden>
            {t('firstList.drivers')}
          </Typography>
          {list.drivers.slice(0, shownDrivers).map((driver) => (
            <li key={driver.step}>
              <Chip size="small" variant="outlined" label={reasonStepName(intl, driver.step)} />
            </li>
          ))}
        </Stack>
      )}
    </Alert>
  );
}
