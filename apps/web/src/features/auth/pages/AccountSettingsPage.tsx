import LockIcon from '@mui/icons-material/LockOutlined';
import LogoutIcon from '@mui/icons-material/LogoutOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { TUser } from '@tarifa/contract';
import { PageLoader } from '@/components/PageLoader';
import { useCurrentPlan } from '@/api/plans';
import { useCurrentUser } from '../api/currentUser';
import { useLogout } from '../api/logout';
import { AvatarPicker } from '../components/account/AvatarPicker';
import { ChangePasswordCard } from '../components/account/ChangePasswordCard';
import { DigestCard } from '../components/account/DigestCard';
import { EmailsCard } from '../components/account/EmailsCard';
import { ProfileForm } from '../components/account/ProfileForm';
import { SessionsCard } from '../components/account/SessionsCard';

/** The tabs, in order; each is the `:tab` route parameter. */
const tabs = [
  { id: 'account', icon: <PersonIcon fontSize="small" /> },
  { id: 'security', icon: <LockIcon fontSize="small" /> },
  { id: 'notifications', icon: <MailIcon fontSize="small" /> },
] as const;
type TabId = (typeof tabs)[number]['id'];

function AccountTab({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  return (
    <Card>
      <CardHeader
        title={t('profile.title')}
        subheader={t('profile.subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <AvatarPicker user={user} />
      </CardContent>
      <Divider />
      <CardContent>
        <ProfileForm key={user.uuid} user={user} />
      </CardContent>
    </Card>
  );
}

/** The user's plan, by the name the plans page gives it, and the way to that page. */
function PlanCard() {
  const { t } = useTranslation('plans');
  const plan = useCurrentPlan();
  return (
    <Card component="section" aria-labelledby="account-plan">
      <CardHeader
        title={t('current')}
        slotProps={{ title: { id: 'account-plan', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <div>
            <Typography variant="h5" component="p" data-testid="account-plan-name">
              {t(`names.${plan}`)}
            </Typography>
            <Typography color="text.secondary">{t(`descriptions.${plan}`)}</Typography>
          </div>
          <Button component={Link} to="/pages/pricing" variant="outlined" sx={{ flexShrink: 0 }}>
            {t('upgrade.seePlans')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function AccountSettingsPage() {
  const { t } = useTranslation('account');
  const { tab } = useParams();
  const user = useCurrentUser();
  const logout = useLogout();

  if (!tabs.some(({ id }) => id === tab)) return <Navigate to="/pages/misc/not-found" replace />;
  const current = tab as TabId;

  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle')}</Typography>
        </div>
        <Button
          variant="outlined"
          color="primary"
          startIcon={<LogoutIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
          onClick={() => logout.mutate()}
          loading={logout.isPending}
        >
          {t('signOut')}
        </Button>
      </Stack>
      <Tabs
        value={current}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('tabsLabel')}
      >
        {tabs.map(({ id, icon }) => (
          <Tab
            key={id}
            value={id}
            label={t(`tabs.${id}`)}
            icon={icon}
            iconPosition="start"
            component={Link}
            to={`/account-settings/${id}`}
            sx={{ minBlockSize: 48 }}
          />
        ))}
      </Tabs>
      {!user.data ? (
        <PageLoader />
      ) : current === 'account' ? (
        <Stack spacing={3}>
          <AccountTab user={user.data} />
          <PlanCard />
        </Stack>
      ) : current === 'security' ? (
        <Stack spacing={3}>
          <ChangePasswordCard />
          <SessionsCard />
        </Stack>
      ) : (
        <Stack spacing={3}>
          <DigestCard />
          <EmailsCard user={user.data} />
        </Stack>
      )}
    </Stack>
  );
}
