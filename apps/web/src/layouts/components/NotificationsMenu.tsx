import AccountIcon from '@mui/icons-material/ManageAccountsOutlined';
import AutopilotIcon from '@mui/icons-material/AutoAwesomeOutlined';
import ImportIcon from '@mui/icons-material/FileDownloadDoneOutlined';
import ImportFailedIcon from '@mui/icons-material/RuleOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsOffIcon from '@mui/icons-material/NotificationsPausedOutlined';
import PlanIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import PriceChangesIcon from '@mui/icons-material/PriceChangeOutlined';
import WebhookIcon from '@mui/icons-material/WebhookOutlined';
import SoldOutIcon from '@mui/icons-material/EventBusyOutlined';
import BoundIcon from '@mui/icons-material/VerticalAlignCenterOutlined';
import PaceIcon from '@mui/icons-material/TrendingDownOutlined';
import EventIcon from '@mui/icons-material/CelebrationOutlined';
import ForecastIcon from '@mui/icons-material/QueryStatsOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOffOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { TFunction } from 'i18next';
import type { TNotification, TNotificationKind } from '@tarifa/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { EmptyState } from '@/components/EmptyState';
import { useSelectBusiness } from '@/api/business';
import { formatPercentChange } from '@/api/prices';
import { useIntl, type Formatters } from '@/lib/intl';
import { alertText } from './alertText';
import {
  notificationTarget,
  useMarkNotificationsRead,
  useNotifications,
} from '@/api/notifications';

const icons: Record<TNotificationKind, { icon: SvgIconComponent; color: string }> = {
  import_finished: { icon: ImportIcon, color: 'success.main' },
  import_failed: { icon: ImportFailedIcon, color: 'error.main' },
  price_changes_pending: { icon: PriceChangesIcon, color: 'warning.main' },
  first_price_list: { icon: PriceChangesIcon, color: 'info.main' },
  rate_rules_pending: { icon: PriceChangesIcon, color: 'warning.main' },
  webhook_failing: { icon: WebhookIcon, color: 'error.main' },
  channel_failing: { icon: WebhookIcon, color: 'error.main' },
  autopilot_applied: { icon: AutopilotIcon, color: 'success.main' },
  autopilot_held: { icon: AutopilotIcon, color: 'info.main' },
  plan_changed: { icon: PlanIcon, color: 'primary.main' },
  account_changed: { icon: AccountIcon, color: 'info.main' },
  alert_connection_failing: { icon: LinkOffIcon, color: 'error.main' },
  alert_sold_out_early: { icon: SoldOutIcon, color: 'warning.main' },
  alert_price_at_bound: { icon: BoundIcon, color: 'warning.main' },
  alert_pace_behind: { icon: PaceIcon, color: 'warning.main' },
  alert_event_uncovered: { icon: EventIcon, color: 'info.main' },
  alert_forecast_error: { icon: ForecastIcon, color: 'info.main' },
};

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The translated words of a notification: what happened, and a detail line when there is one. */
function notificationText(
  t: TFunction<['notifications', 'plans', 'priceChanges']>,
  intl: Formatters,
  { kind, params }: Pick<TNotification, 'kind' | 'params'>,
): { title: string; detail: string | null } {
  const fileName = textOf(params.fileName);
  switch (kind) {
    case 'import_finished':
      return {
        title: t('kinds.import_finished', { count: numberOf(params.imported), fileName }),
        detail: null,
      };
    case 'import_failed': {
      const errors = numberOf(params.errors);
      return {
        title: t('kinds.import_failed', { fileName }),
        detail: errors > 0 ? t('details.invalidRows', { count: errors }) : null,
      };
    }
    case 'price_changes_pending':
      return {
        title: t('kinds.price_changes_pending', { count: numberOf(params.pending) }),
        detail: null,
      };
    case 'first_price_list':
      return {
        title: t('kinds.first_price_list'),
        detail: t('details.firstPriceList', {
          nights: t('priceChanges:firstList.nights', { count: numberOf(params.nights) }),
          roomTypes: t('priceChanges:firstList.roomTypes', { count: numberOf(params.roomTypes) }),
        }),
      };
    case 'rate_rules_pending':
      return {
        title: t('kinds.rate_rules_pending'),
        detail: t('details.rateRules', { count: numberOf(params.nights) }),
      };
    case 'webhook_failing': {
      const error = textOf(params.lastError);
      return {
        title: t('kinds.webhook_failing', { count: numberOf(params.failed) }),
        detail: error ? t('details.lastError', { error }) : null,
      };
    }
    case 'channel_failing': {
      const error = textOf(params.lastError);
      return {
        title: t('kinds.channel_failing', { name: textOf(params.name) }),
        detail: error ? t('details.lastError', { error }) : null,
      };
    }
    case 'plan_changed': {
      const plan = t(`plans:names.${textOf(params.plan)}`, { defaultValue: textOf(params.plan) });
      return {
        title: params.byAdmin
          ? t('kinds.plan_changed_byAdmin', { plan })
          : t('kinds.plan_changed', { plan }),
        detail: null,
      };
    }
    case 'autopilot_applied':
      return {
        title: t('kinds.autopilot_applied', {
          count: numberOf(params.changes),
          uplift: formatPercentChange(intl, numberOf(params.upliftPercent)),
        }),
        detail: null,
      };
    case 'autopilot_held':
      return {
        title: t('kinds.autopilot_held', {
          reason: t(`heldReasons.${textOf(params.reason)}`, {
            defaultValue: t('heldReasons.other'),
          }),
        }),
        detail: null,
      };
    case 'account_changed':
      return { title: t('kinds.account_changed'), detail: null };
    case 'alert_connection_failing':
    case 'alert_sold_out_early':
    case 'alert_price_at_bound':
    case 'alert_pace_behind':
    case 'alert_event_uncovered':
    case 'alert_forecast_error':
      return alertText(t, intl, kind, params);
  }
}

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: TNotification;
  onOpen: (notification: TNotification) => void;
}) {
  const { t } = useTranslation(['notifications', 'plans', 'priceChanges']);
  const intl = useIntl();
  const { icon: Icon, color } = icons[notification.kind];
  const { title, detail } = notificationText(t, intl, notification);
  const unread = notification.readAt === null;
  const when = intl.relative(new Date(notification.createdAt));
  return (
    <MenuItem
      onClick={() => onOpen(notification)}
      sx={{ alignItems: 'flex-start', gap: 0.5, py: 1.25, whiteSpace: 'normal' }}
    >
      <ListItemIcon sx={{ color, mt: 0.25 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={
          <>
            {unread && <Box component="span" sx={visuallyHidden}>{`${t('unread')}: `}</Box>}
            {title}
          </>
        }
        secondary={
          <>
            {detail && (
              <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {detail}
              </Box>
            )}
            <Box component="span" sx={{ display: 'block' }}>
              {[notification.business?.name, when].filter(Boolean).join(' · ')}
            </Box>
          </>
        }
        slotProps={{ primary: { sx: { fontWeight: unread ? 600 : 400 } } }}
      />
      {unread && (
        <Box
          aria-hidden="true"
          sx={{
            flexShrink: 0,
            inlineSize: 8,
            blockSize: 8,
            mt: 1,
            borderRadius: '50%',
            bgcolor: 'primary.main',
          }}
        />
      )}
    </MenuItem>
  );
}

/**
 * The navbar's bell (docs/notifications.md): the unread count on it, the newest notifications in
 * a popover, each opening what it is about (and marking it read), "mark all as read". Polled
 * every 30 s while the tab is visible, and on window focus.
 */
export function NotificationsMenu() {
  const { t } = useTranslation('notifications');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const navigate = useNavigate();
  const selectBusiness = useSelectBusiness();
  const { data, isPending, isError, error, refetch } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = data?.unreadCount ?? 0;
  const label = unread > 0 ? t('bellUnread', { count: unread }) : t('bell');

  const open = (notification: TNotification) => {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
    if (notification.business) selectBusiness(notification.business.uuid);
    setAnchor(null);
    void navigate(notificationTarget(notification));
  };

  let body;
  if (isPending) {
    body = (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress size={28} aria-label={t('loading')} />
      </Stack>
    );
  } else if (isError) {
    body = (
      <Box sx={{ p: 2 }}>
        <LoadErrorAlert error={error} onRetry={refetch}>
          {t('errorTitle')}
        </LoadErrorAlert>
      </Box>
    );
  } else if (data.notifications.length === 0) {
    body = (
      <EmptyState icon={NotificationsOffIcon} title={t('emptyTitle')} body={t('emptyBody')} dense />
    );
  } else {
    body = (
      <MenuList
        ref={listRef}
        aria-labelledby={titleId}
        sx={{ maxBlockSize: 420, overflowY: 'auto', py: 0 }}
      >
        {data.notifications.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onOpen={open} />
        ))}
      </MenuList>
    );
  }

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={Boolean(anchor)}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
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
            sx: { inlineSize: 380, maxInlineSize: 'calc(100vw - 32px)', mt: 1 },
          },
        }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2.5, py: 1.5 }}
        >
          <Typography id={titleId} variant="h6" component="h2">
            {t('title')}
          </Typography>
          {unread > 0 && (
            <Button
              size="small"
              onClick={() => {
                markRead.mutate({ all: true });
                // The button goes with the last unread one: the focus stays in the list.
                listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
              }}
            >
              {t('markAll')}
            </Button>
          )}
        </Stack>
        <Divider />
        {body}
      </Popover>
    </>
  );
}
