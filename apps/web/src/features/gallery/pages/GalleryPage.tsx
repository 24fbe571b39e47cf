import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { PageLoader } from '@/components/PageLoader';
import { usePropertyPhotos } from '../api/photos';
import { PhotoCarousel } from '../components/PhotoCarousel';

/** `/extensions/swiper`: the property's photos, swipeable; an empty state until there are some. */
export default function GalleryPage() {
  const { t } = useTranslation('gallery');
  const { photos, propertyName, isPending } = usePropertyPhotos();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle')}</Typography>
      </Box>
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          {isPending ? (
            <PageLoader />
          ) : photos.length > 0 ? (
            <PhotoCarousel photos={photos} label={propertyName ?? t('title')} />
          ) : (
            <EmptyState
              icon={AddPhotoIcon}
              title={t('emptyTitle')}
              body={t('emptyBody')}
              headingLevel="h2"
              action={
                <Button variant="contained" component={Link} to="/my-property">
                  {t('emptyAction')}
                </Button>
              }
            />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
