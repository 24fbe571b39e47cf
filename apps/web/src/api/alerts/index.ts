/** The owner's alert settings of a property (docs/digest-and-alerts.md). Import from here (`@/api/alerts`). */
export { useAlertSettings, useSaveAlertSettings } from './api';
