import { useTranslation } from 'react-i18next';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '@/components/UnsavedChangesGuard';

/**
 * While `when` is true (a form has changes not saved yet), leaving the page asks first — the
 * shared `useUnsavedChangesGuard`, worded for the property pages.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const { t } = useTranslation('property');
  const { blocker } = useUnsavedChangesGuard(when);
  return (
    <UnsavedChangesDialog
      blocker={blocker}
      title={t('unsaved.title')}
      body={t('unsaved.body')}
      stay={t('unsaved.stay')}
      leave={t('unsaved.leave')}
    />
  );
}
