import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { TAbilityRule, TInvitationPreview, TUser } from '@tarifa/contract';
import { AuthCard } from '@/components/AuthCard';
import { selectedBusinessKey } from '@/api/business';
import { api } from '@/lib/api';
import { clearSession, isAuthenticated, updateStoredUser, useSession } from '@/lib/auth/session';
import { errorMessage } from '@/lib/forms';
import { loadSignedInTranslations } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { useAcceptInvitation, useInvitationPreview } from '../api/members';

/** Sign in or register to accept, coming back here after. */
function SignedOut({ preview, here }: { preview: TInvitationPreview; here: string }) {
  const { t } = useTranslation('members');
  const back = new URLSearchParams({ to: here });
  const register = new URLSearchParams({ to: here, email: preview.email });
  return preview.accountExists ? (
    <Button variant="contained" size="large" component={RouterLink} to={`/login?${back}`}>
      {t('accept.signIn')}
    </Button>
  ) : (
    <Button variant="contained" size="large" component={RouterLink} to={`/register?${register}`}>
      {t('accept.register')}
    </Button>
  );
}

/**
 * `/invitations/accept?token=…`, opened from an invitation's e-mail: what it invites to (no
 * account needed to read it), then, signed in with the address it was sent to, one click joins
 * the property and opens it. Signed out, it leads to signing in or registering (the address
 * filled in) and back here.
 */
export default function AcceptInvitationPage() {
  const { t } = useTranslation('members');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    void loadSignedInTranslations();
  }, []);

  if (!token || preview.isError) {
    return (
      <AuthCard
        icon={<LinkOffIcon sx={{ fontSize: 48 }} color="warning" aria-hidden />}
        title={t('accept.checking')}
      >
        <Typography color="text.secondary">{t('accept.invalid')}</Typography>
      </AuthCard>
    );
  }
  if (!preview.data) {
    return (
      <AuthCard title={t('accept.checking')}>
        <CircularProgress aria-label={t('accept.checking')} />
      </AuthCard>
    );
  }
  const invitation = preview.data;
  const name = invitation.businessName;
  const role = t(`roles.${invitation.role}`);
  const signedIn = isAuthenticated(session);
  const otherAccount =
    signedIn && session.userData?.email?.toLowerCase() !== invitation.email.toLowerCase();

  const join = () =>
    accept.mutate(token, {
      onSuccess: async ({ businessUuid }) => {
        // The property joined opens first; the rules the membership adds come with the user.
        localStorage.setItem(selectedBusinessKey, businessUuid);
        const me = await api<{ data: TUser; userAbilityRules: TAbilityRule[] }>('/auth/user');
        updateStoredUser(me.data, me.userAbilityRules);
        queryClient.clear();
        showSnackbar({ severity: 'success', message: t('accept.joined', { name }) });
        void navigate('/', { replace: true });
      },
    });

  return (
    <AuthCard
      icon={<GroupAddIcon sx={{ fontSize: 48 }} aria-hidden />}
      title={t('accept.title', { name })}
      subtitle={t('accept.subtitle', { inviter: invitation.invitedBy, name, role })}
    >
      <Stack spacing={2.5}>
        <Typography variant="body2" color="text.secondary">
          {t('accept.roleHelp', { help: t(`roleHelp.${invitation.role}`) })}
        </Typography>
        <Typography variant="body2">{t('accept.sentTo', { email: invitation.email })}</Typography>
        {accept.isError && <Alert severity="error">{errorMessage(t, accept.error)}</Alert>}
        {!signedIn ? (
          <SignedOut preview={invitation} here={`/invitations/accept?${params}`} />
        ) : otherAccount ? (
          <>
            <Alert severity="warning">
              {t('accept.otherAccount', { email: session.userData?.email })}
            </Alert>
            <Button
              variant="outlined"
              onClick={() => {
                // Signed out here, the page offers to sign in with the address invited.
                void api<void>('/auth/logout', { method: 'POST' }).catch(() => undefined);
                clearSession();
                queryClient.clear();
              }}
            >
              {t('accept.signOut')}
            </Button>
          </>
        ) : (
          <Button variant="contained" size="large" onClick={join} loading={accept.isPending}>
            {t('accept.accept', { name })}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
