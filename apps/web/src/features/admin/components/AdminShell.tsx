import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The four pages of the admin area, in the order of its sub-navigation. */
const adminPages = [
  { id: 'overview', to: '/admin' },
  { id: 'users', to: '/admin/users' },
  { id: 'properties', to: '/admin/properties' },
  { id: 'tokens', to: '/admin/tokens' },
] as const;
type AdminPageId = (typeof adminPages)[number]['id'];

/** A page of the admin area: its title, what it is for, and the links between the four pages. */
export function AdminShell({
  current,
  actions,
  children,
}: {
  current: AdminPageId;
  /** Shown beside the title (e.g. a search field). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t(`pages.${current}.title`)}
        </Typography>
        <Typography color="text.secondary">{t(`pages.${current}.subtitle`)}</Typography>
      </div>
      <Tabs
        value={current}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('tabsLabel')}
      >
        {adminPages.map(({ id, to }) => (
          <Tab
            key={id}
            value={id}
            label={t(`pages.${id}.tab`)}
            component={Link}
            to={to}
            sx={{ minBlockSize: 48 }}
          />
        ))}
      </Tabs>
      {actions}
      {children}
    </Stack>
  );
}
