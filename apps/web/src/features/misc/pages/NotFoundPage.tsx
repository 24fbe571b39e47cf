import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../components/ErrorScreen';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      code="404"
      title={t('errors.notFound.title')}
      body={t('errors.notFound.body')}
      back={t('errors.notFound.back')}
    />
  );
}
