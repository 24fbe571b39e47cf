import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsOffIcon from '@mui/icons-material/NotificationsPausedOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';

/**
 * Notifications (price changes awaiting approval, finished imports, plan notices). Until
 * `/api/v1/notifications` exists there is nothing to fetch: the menu says so, without a request.
 */
export function NotificationsMenu() {
  const { t } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton
          aria-label={t('notifications.title')}
          aria-haspopup="dialog"
          aria-expanded={Boolean(anchor)}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <NotificationsIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { inlineSize: 360, maxInlineSize: 'calc(100vw - 32px)', mt: 1 },
          },
        }}
      >
        <Box sx={{ px: 2.5, py: 2 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('notifications.title')}
          </Typography>
        </Box>
        <Divider />
        <EmptyState
          icon={NotificationsOffIcon}
          title={t('notifications.emptyTitle')}
          body={t('notifications.emptyBody')}
          dense
        />
      </Popover>
    </>
  );
}
