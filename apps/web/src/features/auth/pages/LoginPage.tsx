import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <Card sx={{ inlineSize: '100%', maxInlineSize: 440 }}>
      <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
        <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 700, mb: 3 }}>
          {t('app.name')}
        </Typography>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('auth:login.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('auth:login.subtitle')}
        </Typography>
        <Box component="form" noValidate onSubmit={(e) => e.preventDefault()}>
          <Stack spacing={2.5}>
            <TextField
              label={t('auth:login.email')}
              type="email"
              name="email"
              autoComplete="email"
              fullWidth
            />
            <TextField
              label={t('auth:login.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              fullWidth
            />
            <Link
              component={RouterLink}
              to="/forgot-password"
              variant="body2"
              sx={{ alignSelf: 'flex-end' }}
            >
              {t('auth:login.forgot')}
            </Link>
            <Button type="submit" variant="contained" size="large" fullWidth>
              {t('auth:login.submit')}
            </Button>
            <Typography variant="body2" sx={{ textAlign: 'center' }}>
              {t('auth:login.noAccount')}{' '}
              <Link component={RouterLink} to="/register">
                {t('auth:login.register')}
              </Link>
            </Typography>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
