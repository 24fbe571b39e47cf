import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusiness, TEvent, TFieldIssue } from '@tarifa/contract';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { today } from '@/lib/dates';
import { useEvents, useHolidays } from '@/api/events';
import { errorMessage, issueMessage, toFormError } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { formatPercentChange, longDate } from '@/api/prices';
import { showSnackbar } from '@/lib/snackbar';
import { useDeleteEvent, useImportEvents, useMakeSeason } from '../../api/events';
import { useCalendarYear } from '../../utils/year';
import { EventDialog } from './EventDialog';

type Editing = { event?: TEvent } | null;

/**
 * The seasons area's "Holidays and events": the country's holidays of the year the seasons
 * calendar shows and the owner's
 * events, each one click away from becoming a season; events are added, changed, deleted (after a
 * confirmation) or imported from an iCalendar file, whose bad events are listed if it is refused.
 */
export function HolidaysAndEvents({ business }: { business: TBusiness }) {
  const { t } = useTranslation('events');
  const year = useCalendarYear();
  const intl = useIntl();
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const holidays = useHolidays(business, from, to);
  const events = useEvents(business, from, to);
  const makeSeason = useMakeSeason();
  const remove = useDeleteEvent();
  const upload = useImportEvents();
  const fileRef = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TEvent | null>(null);
  const [rejected, setRejected] = useState<TFieldIssue[] | null>(null);
  const dates = (event: TEvent) =>
    event.startDate === event.endDate
      ? longDate(intl, event.startDate)
      : t('list.dates', {
          from: longDate(intl, event.startDate),
          to: longDate(intl, event.endDate),
        });

  const onFile = async (input: ChangeEvent<HTMLInputElement>) => {
    const file = input.target.files?.[0];
    input.target.value = '';
    if (!file) return;
    setRejected(null);
    try {
      const answer = await upload.mutateAsync({ businessUuid: business.uuid, file });
      showSnackbar({
        severity: 'success',
        message: t('import.done', { created: answer.created, updated: answer.updated }),
      });
    } catch (error) {
      const { details } = toFormError(error);
      if (details.length) setRejected(details);
      else showSnackbar({ severity: 'error', message: errorMessage(t, error) });
    }
  };

  return (
    <Card component="section" aria-labelledby="holidays-and-events">
      <CardHeader
        title={t('title')}
        subheader={t('subtitle', { year })}
        slotProps={{ title: { id: 'holidays-and-events', component: 'h2', variant: 'h5' } }}
        // On a phone the actions go under the title, where they have the card's width.
        sx={{
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 1.5,
          '& .MuiCardHeader-action': { m: 0, alignSelf: { xs: 'flex-start', sm: 'center' } },
        }}
        action={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              startIcon={<UploadIcon />}
              onClick={() => fileRef.current?.click()}
              loading={upload.isPending}
            >
              {t('import.action')}
            </Button>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing({})}>
              {t('add')}
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept=".ics,text/calendar"
              hidden
              data-testid="ics-file"
              onChange={(event) => void onFile(event)}
            />
          </Stack>
        }
      />
      <CardContent>
        <Stack spacing={3}>
          {rejected && (
            <Alert severity="error" onClose={() => setRejected(null)}>
              <Typography variant="body2">{t('import.rejected')}</Typography>
              <List dense aria-label={t('import.errorsLabel')}>
                {rejected.map((issue, i) => (
                  <ListItem key={i} disableGutters>
                    {issue.path.startsWith('events.')
                      ? t('import.error', {
                          event: Number(issue.path.split('.')[1]) + 1,
                          line: issue.params?.line ?? '?',
                          message: issueMessage(t, issue),
                        })
                      : issueMessage(t, issue)}
                  </ListItem>
                ))}
              </List>
            </Alert>
          )}

          <section aria-labelledby="holidays-list">
            <Typography id="holidays-list" variant="h6" component="h3">
              {t('holidays.title')}
            </Typography>
            {holidays.data?.reason && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t(`holidays.reason.${holidays.data.reason}`)}
              </Alert>
            )}
            <List dense>
              {(holidays.data?.holidays ?? []).map((holiday) => (
                <ListItem
                  key={holiday.id}
                  divider
                  secondaryAction={
                    holiday.date >= today() && (
                      <Button
                        size="small"
                        onClick={() =>
                          makeSeason.mutate({ businessUuid: business.uuid, date: holiday.date })
                        }
                      >
                        {t('season.make')}
                      </Button>
                    )
                  }
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span>{holiday.name}</span>
                        <Chip
                          size="small"
                          variant="outlined"
                          label={t(`holidays.types.${holiday.type}`)}
                        />
                      </Stack>
                    }
                    secondary={[longDate(intl, holiday.date), holiday.translatedName]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          </section>

          <section aria-labelledby="events-list">
            <Typography id="events-list" variant="h6" component="h3">
              {t('list.title')}
            </Typography>
            {events.data?.events.length === 0 && (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t('list.empty')}
              </Typography>
            )}
            <List dense>
              {(events.data?.events ?? []).map((event) => (
                <ListItem
                  key={event.id}
                  divider
                  secondaryAction={
                    <Stack direction="row" spacing={0.5}>
                      <Button
                        size="small"
                        onClick={() =>
                          makeSeason.mutate({ businessUuid: business.uuid, eventId: event.id })
                        }
                      >
                        {t('season.make')}
                      </Button>
                      <Tooltip title={t('list.edit', { name: event.name })}>
                        <IconButton
                          aria-label={t('list.edit', { name: event.name })}
                          onClick={() => setEditing({ event })}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('list.delete', { name: event.name })}>
                        <IconButton
                          aria-label={t('list.delete', { name: event.name })}
                          onClick={() => setDeleting(event)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  }
                >
                  <ListItemText
                    primary={
                      <Stack
                        direction="row"
                        spacing={1}
                        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                      >
                        <span>{event.name}</span>
                        <Chip size="small" label={t(`impact.${event.impact}`)} />
                        {event.adjustmentPercent !== null && (
                          <Chip
                            size="small"
                            color="primary"
                            variant="outlined"
                            label={formatPercentChange(intl, event.adjustmentPercent)}
                          />
                        )}
                      </Stack>
                    }
                    secondary={dates(event)}
                  />
                </ListItem>
              ))}
            </List>
          </section>
        </Stack>
      </CardContent>

      {editing && (
        <EventDialog
          business={business}
          event={editing.event}
          start={today() > from ? today() : from}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        body={t('delete.body')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('dialog.cancel')}
        pending={remove.isPending}
        error={remove.error ? errorMessage(t, remove.error) : undefined}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { businessUuid: business.uuid, id: deleting.id },
            { onSuccess: () => setDeleting(null) },
          )
        }
      />
    </Card>
  );
}
