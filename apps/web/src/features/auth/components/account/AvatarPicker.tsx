import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarRules, type TUser } from '@tarifa/contract';
import { UserAvatar } from '@/components/UserAvatar';
import { errorMessage, toFormError } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { useRemoveAvatar, useUploadAvatar } from '../../api/account';

const size = 100;

/** The profile photo: choose one (shown at once, while it uploads) or remove it. */
export function AvatarPicker({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const { locale } = useIntl();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<'uploaded' | 'removed' | null>(null);
  const busy = upload.isPending || remove.isPending;
  const maxSize = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'short',
  }).format(avatarRules.maxBytes / 1024 / 1024);

  // The preview's object URL lives until it is replaced or the page closes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const explain = (error: unknown) => {
    const { code } = toFormError(error);
    if (code === 'payload_too_large') return t('photo.tooLarge', { size: maxSize });
    if (code === 'unsupported_media_type') return t('photo.wrongType');
    return errorMessage(t, error);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setDone(null);
    if (!(avatarRules.types as readonly string[]).includes(file.type)) {
      setProblem(t('photo.wrongType'));
      return;
    }
    if (file.size > avatarRules.maxBytes) {
      setProblem(t('photo.tooLarge', { size: maxSize }));
      return;
    }
    setProblem(null);
    setPreview(URL.createObjectURL(file));
    upload.mutate(
      { uuid: user.uuid, file },
      {
        onSuccess: () => setDone('uploaded'),
        onError: (error) => {
          setPreview(null);
          setProblem(explain(error));
        },
      },
    );
  };

  const clear = () => {
    setDone(null);
    setProblem(null);
    remove.mutate(user.uuid, {
      onSuccess: () => {
        setPreview(null);
        setDone('removed');
      },
      onError: (error) => setProblem(explain(error)),
    });
  };

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={3}
      sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
    >
      <Box sx={{ position: 'relative', flexShrink: 0 }}>
        {preview ? (
          <Avatar
            src={preview}
            alt={t('photo.preview')}
            variant="rounded"
            sx={{ inlineSize: size, blockSize: size }}
          />
        ) : (
          <UserAvatar
            name={user.name}
            filename={user.profile_img_filename}
            size={size}
            sx={{ borderRadius: 2 }}
          />
        )}
        {busy && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(0,0,0,.35)',
              borderRadius: 2,
            }}
          >
            <CircularProgress
              size={32}
              sx={{ color: 'common.white' }}
              aria-label={t('photo.saving')}
            />
          </Box>
        )}
      </Box>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component="label" variant="contained" startIcon={<UploadIcon />} disabled={busy}>
            {user.profile_img_filename ? t('photo.change') : t('photo.upload')}
            <input type="file" hidden accept={avatarRules.types.join(',')} onChange={choose} />
          </Button>
          {user.profile_img_filename && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={clear}
              disabled={busy}
            >
              {t('photo.remove')}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('photo.hint', { size: maxSize })}
        </Typography>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        {done && (
          <Alert severity="success" role="status">
            {done === 'uploaded' ? t('photo.uploaded') : t('photo.removed')}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}
