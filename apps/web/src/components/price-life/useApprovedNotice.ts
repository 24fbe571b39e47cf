import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { channelsQueryOptions } from '@/api/channels';
import { integrationsPath, webhookQueryOptions } from '@/api/publishing';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';

/**
 * What the owner is told after approving: how many, and where they go — to the webhook, to the
 * sales channels a connection sends to, or nowhere ("not sent: no destination connected", with a
 * button to connect one). When none moved
 * (someone decided them first), only how many: none goes anywhere.
 */
export function useApprovedNotice(businessUuid: string) {
  const { t } = useTranslation('priceChanges');
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (moved: number) => {
    const n = intl.number(moved);
    const webhook =
      moved === 0
        ? undefined
        : await queryClient
            .ensureQueryData(webhookQueryOptions(businessUuid))
            .catch(() => undefined);
    // With no webhook, a channel connection that is sending takes them (docs/channels.md).
    const channels =
      webhook === null
        ? await queryClient
            .ensureQueryData(channelsQueryOptions(businessUuid))
            .catch(() => undefined)
        : undefined;
    if (webhook === undefined || (webhook === null && channels === undefined)) {
      // None moved, or where they go is unknown (not the caller's to read): just how many.
      showSnackbar({ severity: 'success', message: t('done.approve', { n }) });
    } else if (webhook) {
      showSnackbar({ severity: 'success', message: t('approvedNotice.sending', { n }) });
    } else if (channels?.some((connection) => connection.status === 'active')) {
      showSnackbar({ severity: 'success', message: t('approvedNotice.sendingChannels', { n }) });
    } else {
      showSnackbar({
        severity: 'info',
        message: t('approvedNotice.notSent', { n }),
        action: {
          label: t('approvedNotice.connect'),
          onClick: () => void navigate(integrationsPath),
        },
      });
    }
  };
}
