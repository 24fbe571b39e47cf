import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { priceLimits, type TBusiness } from '@tarifa/contract';
import { PickersProvider } from '@/components/PickersProvider';
import { searchOf } from '@/lib/api';
import { businessPath } from '@/api/business';
import { addDays, fromLocalDate, nightsBetween, todayIn, toLocalDate } from '@/lib/dates';
import { downloadFromApi } from '@/lib/download';
import { errorMessage } from '@/lib/forms';
import { showSnackbar } from '@/lib/snackbar';
import { filterOf, type PriceChangeFilters } from '../hooks/usePriceChangesQueryState';

/** The published price list of a range of nights (the next 90 by default) as a CSV file. */
function PublishedPricesDialog({
  business,
  onClose,
}: {
  business: TBusiness;
  onClose: () => void;
}) {
  const { t } = useTranslation('priceChanges');
  const titleId = useId();
  const [from, setFrom] = useState(() => todayIn(business.timezone));
  const [to, setTo] = useState(() => addDays(todayIn(business.timezone), 89));
  const [sending, setSending] = useState(false);
  const toError = !from
    ? null
    : !to
      ? t('validation:required')
      : to < from
        ? t('validation:range_reversed')
        : nightsBetween(from, to) > priceLimits.rangeNightsMax
          ? t('validation:range_too_long_nights', { maximum: priceLimits.rangeNightsMax })
          : null;
  const fromError = from ? null : t('validation:required');

  const download = async () => {
    setSending(true);
    try {
      await downloadFromApi(
        businessPath(business.uuid, `/prices/export.csv${searchOf({ from, to })}`),
        `published-prices-${from}-${to}.csv`,
      );
      onClose();
    } catch (error) {
      showSnackbar({
        severity: 'error',
        message: `${t('export.failed')} ${errorMessage(t, error)}`,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !sending && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('export.published.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('export.published.body')}</DialogContentText>
          <PickersProvider>
            <DatePicker
              label={t('export.published.from')}
              value={toLocalDate(from)}
              onChange={(next) => setFrom(fromLocalDate(next))}
              slotProps={{
                textField: {
                  size: 'small',
                  fullWidth: true,
                  name: 'from',
                  error: Boolean(fromError),
                  helperText: fromError,
                },
              }}
            />
            <DatePicker
              label={t('export.published.to')}
              value={toLocalDate(to)}
              minDate={toLocalDate(from) ?? undefined}
              onChange={(next) => setTo(fromLocalDate(next))}
              slotProps={{
                textField: {
                  size: 'small',
                  fullWidth: true,
                  name: 'to',
                  error: Boolean(toError),
                  helperText: toError,
                },
              }}
            />
          </PickersProvider>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          loading={sending}
          disabled={Boolean(toError || fromError)}
          onClick={() => void download()}
        >
          {t('export.published.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Export changes" (the list's filters, every page) and "Published price list" as CSV files. */
export function ExportButtons({
  business,
  filters,
}: {
  business: TBusiness;
  filters: PriceChangeFilters;
}) {
  const { t } = useTranslation('priceChanges');
  const [exporting, setExporting] = useState(false);
  const [publishedOpen, setPublishedOpen] = useState(false);

  const exportChanges = async () => {
    setExporting(true);
    try {
      await downloadFromApi(
        businessPath(business.uuid, `/price-changes/export.csv${searchOf(filterOf(filters))}`),
        'price-changes.csv',
      );
    } catch (error) {
      showSnackbar({
        severity: 'error',
        message: `${t('export.failed')} ${errorMessage(t, error)}`,
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          loading={exporting}
          onClick={() => void exportChanges()}
          data-testid="export-price-changes"
        >
          {t('export.changes')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => setPublishedOpen(true)}
          data-testid="export-published-prices"
        >
          {t('export.published.open')}
        </Button>
      </Stack>
      {publishedOpen && (
        <PublishedPricesDialog business={business} onClose={() => setPublishedOpen(false)} />
      )}
    </>
  );
}
