import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../components/ErrorScreen';

export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      code="401"
      title={t('errors.notAuthorized.title')}
      body={t('errors.notAuthorized.body')}
      back={t('errors.notAuthorized.back')}
    />
  );
}
