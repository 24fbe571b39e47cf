import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/auth/session';
import { LevelMark, PermissionTable } from '../components/PermissionTable';

/** `/access-control`: the signed-in user's role and permission rules, in plain words. */
export default function AccessControlPage() {
  const { t } = useTranslation('access');
  const { userData } = useSession();
  const role = userData?.roles.includes('super-admin') ? 'super-admin' : 'client';
  const RoleIcon = role === 'super-admin' ? AdminIcon : StorefrontIcon;

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle')}</Typography>
      </div>
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box
              sx={{
                inlineSize: 48,
                blockSize: 48,
                flexShrink: 0,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
              aria-hidden
            >
              <RoleIcon />
            </Box>
            <Box>
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Typography component="h2" variant="h6">
                  {t('role.heading')}
                </Typography>
                <Chip label={t(`roles.${role}.name`)} color="primary" size="small" />
              </Stack>
              <Typography color="text.secondary">{t(`roles.${role}.description`)}</Typography>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardHeader
          title={t('table.title')}
          subheader={t('table.subtitle')}
          slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        />
        <PermissionTable />
        <CardContent>
          <Stack
            component="dl"
            spacing={1}
            sx={{ m: 0, '& dd': { m: 0, color: 'text.secondary' } }}
            aria-label={t('legend.label')}
          >
            {(['yes', 'own', 'no'] as const).map((level) => (
              <Stack key={level} direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 1.5 }}>
                <Box component="dt" sx={{ minInlineSize: 150 }}>
                  <LevelMark level={level} />
                </Box>
                <Typography component="dd" variant="body2">
                  {t(`legend.${level}`)}
                </Typography>
              </Stack>
            ))}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('enforced')}
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
