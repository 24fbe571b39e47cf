import GroupIcon from '@mui/icons-material/GroupOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberRoles, type TBusiness, type TInvitation, type TMember } from '@tarifa/contract';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { EmptyState } from '@/components/EmptyState';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { errorMessage } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { showSnackbar } from '@/lib/snackbar';
import {
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useSetMemberRole,
  useTeam,
} from '../api/members';
import { InviteDialog } from './InviteDialog';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** A member: name, address, since when, the role (changed in place), Remove. */
function MemberRow({ businessUuid, member }: { businessUuid: string; member: TMember }) {
  const { t } = useTranslation('members');
  const intl = useIntl();
  const setRole = useSetMemberRole(businessUuid);
  const remove = useRemoveMember(businessUuid);
  const [removing, setRemoving] = useState(false);
  return (
    <ListItem sx={{ flexWrap: 'wrap', gap: 1.5 }} secondaryAction={undefined} disableGutters>
      <ListItemAvatar>
        <Avatar>{initialsOf(member.name)}</Avatar>
      </ListItemAvatar>
      <ListItemText
        sx={{ flex: '1 1 14rem', minInlineSize: 0 }}
        primary={member.name}
        secondary={`${member.email} · ${t('since', {
          date: intl.date(new Date(member.since), { dateStyle: 'medium' }),
        })}`}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('role')}
          value={member.role}
          disabled={setRole.isPending}
          slotProps={{ htmlInput: { 'aria-label': t('roleOf', { name: member.name }) } }}
          onChange={(event) => {
            const role = event.target.value as TMember['role'];
            setRole.mutate(
              { userUuid: member.userUuid, role },
              {
                onSuccess: () =>
                  showSnackbar({
                    severity: 'success',
                    message: t('roleChanged', { name: member.name, role: t(`roles.${role}`) }),
                  }),
                onError: (error) =>
                  showSnackbar({ severity: 'error', message: errorMessage(t, error) }),
              },
            );
          }}
          sx={{ minInlineSize: 180 }}
        >
          {memberRoles.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          color="error"
          onClick={() => setRemoving(true)}
          aria-label={t('remove.label', { name: member.name })}
        >
          {t('remove.action')}
        </Button>
      </Stack>
      {removing && (
        <ConfirmDeleteDialog
          open
          title={t('remove.title', { name: member.name })}
          body={t('remove.body')}
          confirmLabel={t('remove.confirm')}
          cancelLabel={t('cancel')}
          pending={remove.isPending}
          error={remove.isError ? errorMessage(t, remove.error) : undefined}
          onCancel={() => setRemoving(false)}
          onConfirm={() =>
            remove.mutate(member.userUuid, {
              onSuccess: () => {
                showSnackbar({
                  severity: 'success',
                  message: t('remove.done', { name: member.name }),
                });
                setRemoving(false);
              },
            })
          }
        />
      )}
    </ListItem>
  );
}

/** An invitation waiting: to whom, as what, sent by whom and until when; Resend, Revoke. */
function InvitationRow({
  businessUuid,
  invitation,
}: {
  businessUuid: string;
  invitation: TInvitation;
}) {
  const { t } = useTranslation('members');
  const intl = useIntl();
  const resend = useResendInvitation(businessUuid);
  const revoke = useRevokeInvitation(businessUuid);
  const [revoking, setRevoking] = useState(false);
  const date = (iso: string) => intl.date(new Date(iso), { dateStyle: 'medium' });
  const { email } = invitation;
  return (
    <ListItem sx={{ flexWrap: 'wrap', gap: 1.5 }} disableGutters>
      <ListItemText
        sx={{ flex: '1 1 14rem', minInlineSize: 0 }}
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{email}</span>
            <Chip size="small" label={t(`roles.${invitation.role}`)} />
          </Stack>
        }
        secondary={t('invitations.sentBy', {
          name: invitation.invitedBy,
          date: date(invitation.sentAt),
          until: date(invitation.expiresAt),
        })}
      />
      <Stack direction="row" spacing={1}>
        <Button
          loading={resend.isPending}
          aria-label={t('invitations.resendLabel', { email })}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () =>
                showSnackbar({ severity: 'success', message: t('invitations.resent', { email }) }),
              onError: (error) =>
                showSnackbar({ severity: 'error', message: errorMessage(t, error) }),
            })
          }
        >
          {t('invitations.resend')}
        </Button>
        <Button
          color="error"
          aria-label={t('invitations.revokeLabel', { email })}
          onClick={() => setRevoking(true)}
        >
          {t('invitations.revoke')}
        </Button>
      </Stack>
      {revoking && (
        <ConfirmDeleteDialog
          open
          title={t('invitations.revokeTitle', { email })}
          body={t('invitations.revokeBody')}
          confirmLabel={t('invitations.revoke')}
          cancelLabel={t('cancel')}
          pending={revoke.isPending}
          error={revoke.isError ? errorMessage(t, revoke.error) : undefined}
          onCancel={() => setRevoking(false)}
          onConfirm={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () => {
                showSnackbar({ severity: 'success', message: t('invitations.revoked', { email }) });
                setRevoking(false);
              },
            })
          }
        />
      )}
    </ListItem>
  );
}

/**
 * The property's team, for its owner: the owner, the members with their roles (changed in place,
 * removed after a confirmation), the invitations waiting (resend, revoke), and Invite.
 */
export function TeamCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation('members');
  const intl = useIntl();
  const team = useTeam(business.uuid);
  const [inviting, setInviting] = useState(false);
  const used = (team.data?.members.length ?? 0) + (team.data?.invitations.length ?? 0);
  const full = team.data?.limit != null && used >= team.data.limit;
  return (
    <Card variant="outlined" component="section" aria-labelledby="team-title">
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <div>
              <Typography id="team-title" variant="h6" component="h2">
                {t('title')}
              </Typography>
              {team.data && (
                <Typography variant="body2" color="text.secondary">
                  {team.data.limit === null
                    ? t('seatsUnlimited')
                    : t('seats', { used: intl.number(used), limit: intl.number(team.data.limit) })}
                </Typography>
              )}
            </div>
            <Button
              variant="contained"
              startIcon={<PersonAddIcon />}
              onClick={() => setInviting(true)}
              disabled={!team.data || full}
              sx={{ flexShrink: 0 }}
            >
              {t('invite.action')}
            </Button>
          </Stack>
          {full && (
            <Typography variant="body2" color="warning.main">
              {t('invite.limit')}
            </Typography>
          )}
          {team.isPending ? (
            <Stack spacing={1} aria-label={t('loading')} role="status">
              <Skeleton variant="rounded" height={56} />
              <Skeleton variant="rounded" height={56} />
            </Stack>
          ) : team.isError ? (
            <LoadErrorAlert error={team.error} onRetry={team.refetch}>
              {t('loadFailed')}
            </LoadErrorAlert>
          ) : (
            <>
              <List disablePadding aria-label={t('title')}>
                <ListItem disableGutters>
                  <ListItemAvatar>
                    <Avatar>{initialsOf(team.data.owner.name)}</Avatar>
                  </ListItemAvatar>
                  <ListItemText primary={team.data.owner.name} secondary={team.data.owner.email} />
                  <Chip color="primary" variant="outlined" label={t('roles.owner')} />
                </ListItem>
                {team.data.members.map((member) => (
                  <MemberRow key={member.userUuid} businessUuid={business.uuid} member={member} />
                ))}
              </List>
              {team.data.members.length === 0 && team.data.invitations.length === 0 && (
                <EmptyState icon={GroupIcon} title={t('title')} body={t('empty')} dense />
              )}
              {team.data.invitations.length > 0 && (
                <>
                  <Divider />
                  <Typography variant="subtitle1" component="h3">
                    {t('invitations.title')}
                  </Typography>
                  <List disablePadding aria-label={t('invitations.title')}>
                    {team.data.invitations.map((invitation) => (
                      <InvitationRow
                        key={invitation.id}
                        businessUuid={business.uuid}
                        invitation={invitation}
                      />
                    ))}
                  </List>
                </>
              )}
            </>
          )}
        </Stack>
      </CardContent>
      {inviting && <InviteDialog businessUuid={business.uuid} onClose={() => setInviting(false)} />}
    </Card>
  );
}
