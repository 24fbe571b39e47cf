import type { SvgIconComponent } from '@mui/icons-material';
import BedIcon from '@mui/icons-material/KingBedOutlined';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import ExtensionIcon from '@mui/icons-material/ExtensionOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import HomeWorkIcon from '@mui/icons-material/HomeWorkOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import StackedLineIcon from '@mui/icons-material/StackedLineChartOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBusiness } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';
import { usePropertyAbility } from '@/lib/auth/usePropertyAbility';
import { DeleteBusinessDialog } from '../components/DeleteBusinessDialog';
import { DeletedBusinesses } from '../components/DeletedBusinesses';
import { RequireBusiness } from '../components/RequireBusiness';

interface HubEntry {
  id:
    | 'details'
    | 'rooms'
    | 'prices'
    | 'seasons'
    | 'levels'
    | 'members'
    | 'integrations'
    | 'audit'
    | 'plan';
  icon: SvgIconComponent;
  /** Where it leads; none while it is not available yet. */
  to?: string;
  /** What is set up already, e.g. "3 room types". */
  status?: string;
}

function HubCard({ entry }: { entry: HubEntry }) {
  const { t } = useTranslation('property');
  const Icon = entry.icon;
  const body = (
    <CardContent>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Avatar
          sx={(theme) => ({
            bgcolor: alpha(
              entry.to ? theme.palette.primary.main : theme.palette.text.disabled,
              0.12,
            ),
            color: entry.to ? 'primary.main' : 'text.disabled',
          })}
        >
          <Icon />
        </Avatar>
        <Stack spacing={0.5} sx={{ minInlineSize: 0 }}>
          <Typography variant="h6" component="h3">
            {t(`menu.${entry.id}.title`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`menu.${entry.id}.body`)}
          </Typography>
          {entry.status && (
            <Chip size="small" label={entry.status} sx={{ alignSelf: 'flex-start', mt: 0.5 }} />
          )}
          {!entry.to && (
            <Chip
              size="small"
              variant="outlined"
              label={t('menu.comingSoon')}
              sx={{ alignSelf: 'flex-start', mt: 0.5 }}
            />
          )}
        </Stack>
      </Stack>
    </CardContent>
  );
  return (
    <Card
      variant="outlined"
      sx={{ blockSize: '100%', opacity: entry.to ? 1 : 0.7 }}
      aria-disabled={entry.to ? undefined : true}
    >
      {entry.to ? (
        <CardActionArea component={Link} to={entry.to} sx={{ blockSize: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

function PropertyMenu({ business }: { business: TBusiness }) {
  const { t } = useTranslation('property');
  const intl = useIntl();
  const [deleting, setDeleting] = useState(false);
  const { can, role } = usePropertyAbility(business);
  const config = business.tariffConfiguration;
  const entries: HubEntry[] = [
    { id: 'details', icon: HomeWorkIcon, to: '/my-property' },
    {
      id: 'rooms',
      icon: BedIcon,
      to: '/pricing-central/room-form',
      status: t('menu.rooms.status', { n: intl.number(config.roomsTariff.length) }),
    },
    { id: 'prices', icon: PaymentsIcon, to: '/pricing-central/price-setup' },
    {
      id: 'seasons',
      icon: CalendarIcon,
      to: '/pricing-central/sazonalities',
      status: t('menu.seasons.status', { n: intl.number(config.sazonalities.length) }),
    },
    {
      id: 'levels',
      icon: StackedLineIcon,
      to: '/pricing-central/configurations',
      status: t('menu.levels.status', { n: intl.number(config.fluctuationLevels.length) }),
    },
    // What the user's role on the property opens (all of it for its owner).
    ...(can('manage', 'Member')
      ? [{ id: 'members' as const, icon: GroupIcon, to: '/my-property/members' }]
      : []),
    ...(can('read', 'Integration')
      ? [{ id: 'integrations' as const, icon: ExtensionIcon, to: '/my-property/integrations' }]
      : []),
    ...(can('read', 'Audit')
      ? [{ id: 'audit' as const, icon: HistoryIcon, to: '/my-property/audit' }]
      : []),
    // The plan is the owner's account's.
    ...(role === 'owner'
      ? [{ id: 'plan' as const, icon: WorkspacePremiumIcon, to: '/pages/pricing' }]
      : []),
  ];
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('menu.title')}
        </Typography>
        <Typography color="text.secondary">{t('menu.intro', { name: business.name })}</Typography>
      </div>
      <Grid container spacing={2} component="section" aria-label={t('menu.title')}>
        {entries.map((entry) => (
          <Grid key={entry.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <HubCard entry={entry} />
          </Grid>
        ))}
      </Grid>
      {can('delete', 'Business') && (
        <Card
          variant="outlined"
          component="section"
          aria-labelledby="danger-zone-title"
          sx={{ borderColor: 'error.main' }}
        >
          <CardContent>
            <Stack spacing={2}>
              <Typography id="danger-zone-title" variant="h6" component="h2" color="error">
                {t('danger.title')}
              </Typography>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
              >
                <div>
                  <Typography variant="subtitle1" component="h3">
                    {t('danger.deleteHeading')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('danger.deleteIntro')}
                  </Typography>
                </div>
                <Button
                  color="error"
                  variant="outlined"
                  onClick={() => setDeleting(true)}
                  sx={{ flexShrink: 0 }}
                >
                  {t('danger.delete')}
                </Button>
              </Stack>
              <DeletedBusinesses />
            </Stack>
          </CardContent>
        </Card>
      )}
      {deleting && (
        <DeleteBusinessDialog business={business} open onClose={() => setDeleting(false)} />
      )}
    </Stack>
  );
}

/** `/my-property/menu`: the property's settings hub and its danger zone. */
export default function PropertyMenuPage() {
  return <RequireBusiness>{(business) => <PropertyMenu business={business} />}</RequireBusiness>;
}
