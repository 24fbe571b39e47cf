import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibraryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { businessPhotoRules, type TBusiness, type TBusinessPhoto } from '@tarifa/contract';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { showSnackbar } from '@/lib/snackbar';
import { useRemovePhoto, useUploadPhoto } from '../api';

/**
 * The property's photos, shown in the gallery: add (PNG, JPEG or WebP up to 5 MB, 20 at most,
 * checked here before uploading) and remove, each saved at once.
 */
export function PhotosCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation('property');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<TBusinessPhoto>();
  const photos = business.photos;
  const room = businessPhotoRules.maxPerBusiness - photos.length;

  const add = async (files: File[]) => {
    const accepted = files.filter((file) => {
      const reason = !(businessPhotoRules.types as readonly string[]).includes(file.type)
        ? 'wrongType'
        : file.size > businessPhotoRules.maxBytes
          ? 'tooBig'
          : undefined;
      if (reason)
        showSnackbar({ severity: 'error', message: t(`photos.${reason}`, { name: file.name }) });
      return !reason;
    });
    if (accepted.length > room)
      showSnackbar({
        severity: 'error',
        message: t('photos.tooMany', { maximum: businessPhotoRules.maxPerBusiness }),
      });
    setUploading(true);
    let sent = 0;
    try {
      // One at a time: each answer is the business with one more photo (and a new version).
      for (const file of accepted.slice(0, Math.max(room, 0))) {
        await upload.mutateAsync({ uuid: business.uuid, file });
        sent += 1;
      }
    } catch {
      // Reported by the mutation; the photos sent so far stay.
    } finally {
      setUploading(false);
    }
    if (sent > 0) showSnackbar({ severity: 'success', message: t('photos.added', { n: sent }) });
  };

  return (
    <Card component="section" aria-labelledby="photos-title">
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <div>
              <Typography id="photos-title" variant="h5" component="h2">
                {t('photos.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('photos.intro', { maximum: businessPhotoRules.maxPerBusiness })}
              </Typography>
            </div>
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              {photos.length > 0 && (
                <Button component={Link} to="/extensions/swiper" startIcon={<PhotoLibraryIcon />}>
                  {t('photos.viewGallery')}
                </Button>
              )}
              <Button
                variant="outlined"
                startIcon={<AddPhotoIcon />}
                loading={uploading}
                disabled={room <= 0}
                onClick={() => input.current?.click()}
              >
                {t('photos.add')}
              </Button>
            </Stack>
          </Stack>
          <input
            ref={input}
            type="file"
            hidden
            multiple
            accept={businessPhotoRules.types.join(',')}
            aria-label={t('photos.add')}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void add(files);
            }}
          />
          {photos.length === 0 ? (
            <Box
              sx={{
                border: 1,
                borderStyle: 'dashed',
                borderColor: 'divider',
                borderRadius: 1,
                p: 3,
                textAlign: 'center',
              }}
            >
              <Typography color="text.secondary">{t('photos.empty')}</Typography>
            </Box>
          ) : (
            <ImageList cols={4} gap={8} sx={{ m: 0 }}>
              {photos.map((photo, i) => (
                <ImageListItem key={photo.id} sx={{ position: 'relative' }}>
                  <img
                    src={photo.url}
                    alt={t('photos.alt', { n: i + 1, name: business.name })}
                    loading="lazy"
                    style={{ aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 8 }}
                  />
                  <IconButton
                    size="small"
                    aria-label={t('photos.removeNamed', { n: i + 1 })}
                    onClick={() => setRemoving(photo)}
                    sx={{
                      position: 'absolute',
                      top: 4,
                      insetInlineEnd: 4,
                      bgcolor: 'background.paper',
                      '&:hover': { bgcolor: 'background.paper' },
                    }}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </ImageListItem>
              ))}
            </ImageList>
          )}
        </Stack>
      </CardContent>
      <ConfirmDeleteDialog
        open={Boolean(removing)}
        title={t('photos.removeTitle')}
        body={t('photos.removeBody')}
        confirmLabel={t('photos.remove')}
        cancelLabel={t('actions.cancel')}
        pending={remove.isPending}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { uuid: business.uuid, id: removing.id },
            { onSettled: () => setRemoving(undefined) },
          )
        }
      />
    </Card>
  );
}
