import ClearIcon from '@mui/icons-material/FilterAltOffOutlined';
import SearchIcon from '@mui/icons-material/Search';
import FilterIcon from '@mui/icons-material/FilterListOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Checkbox from '@mui/material/Checkbox';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bookingLimits,
  bookingStatuses,
  type TBookingStatus,
  type TRoomTariff,
} from '@tarifa/contract';
import { DateRangeFilter } from '@/components/DateRangeFilter';
import { hasFilters, noFilters, type BookingFilters } from '../hooks/useBookingsQueryState';

/**
 * The search box: sends what is typed once the typing pauses; follows the address bar when the
 * search changes there (Clear filters, the back button).
 */
function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const send = useRef(onChange);
  useEffect(() => {
    send.current = onChange;
  });
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => send.current(text), 350);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextField
      type="search"
      size="small"
      fullWidth
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: bookingLimits.searchMax },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** Search by guest or reference, stay dates, status, channel and room type. */
export function BookingsFilters({
  filters,
  onChange,
  rooms,
  channels,
}: {
  filters: BookingFilters;
  onChange: (patch: Partial<BookingFilters>) => void;
  rooms: readonly TRoomTariff[];
  channels: readonly string[];
}) {
  const { t } = useTranslation('bookings');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const channelOptions = [...new Set([...channels, ...(filters.channel ? [filters.channel] : [])])];
  const active =
    (filters.from ? 1 : 0) +
    (filters.to ? 1 : 0) +
    (filters.status.length ? 1 : 0) +
    (filters.channel ? 1 : 0) +
    (filters.roomUuid ? 1 : 0);
  const more = (
    <>
      <DateRangeFilter
        value={filters}
        onChange={onChange}
        labels={{ from: t('filters.from'), to: t('filters.to') }}
      />
      <Grid size={{ xs: 12, sm: 4, md: 4 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('filters.status')}
          value={filters.status}
          onChange={(event) => {
            const next = event.target.value as unknown as TBookingStatus[] | string;
            onChange({
              status: (typeof next === 'string' ? next.split(',') : next) as TBookingStatus[],
            });
          }}
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const list = selected as TBookingStatus[];
                return list.length === 0
                  ? t('filters.allStatuses')
                  : list.map((status) => t(`status.${status}`)).join(', ');
              },
            },
          }}
        >
          {bookingStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              <Checkbox
                checked={filters.status.includes(status)}
                size="small"
                sx={{ p: 0.5, marginInlineEnd: 1 }}
              />
              <ListItemText primary={t(`status.${status}`)} />
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 4 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('filters.channel')}
          value={filters.channel}
          onChange={(event) => onChange({ channel: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('filters.allChannels')}</MenuItem>
          {channelOptions.map((channel) => (
            <MenuItem key={channel} value={channel}>
              {channel}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 4 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('filters.room')}
          value={rooms.some((room) => room.uuid === filters.roomUuid) ? filters.roomUuid : ''}
          onChange={(event) => onChange({ roomUuid: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('filters.allRooms')}</MenuItem>
          {rooms.map((room) => (
            <MenuItem key={room.uuid} value={room.uuid}>
              {room.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </>
  );
  const search = (
    <SearchField
      label={t('filters.search')}
      value={filters.search}
      onChange={(value) => onChange({ search: value })}
    />
  );

  return (
    <Stack spacing={2} role="search" aria-label={t('filters.label')}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          {phone ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ flex: 1 }}>{search}</Box>
              <Button
                aria-expanded={open}
                onClick={() => setOpen((o) => !o)}
                startIcon={
                  <Badge color="primary" badgeContent={active}>
                    <FilterIcon />
                  </Badge>
                }
              >
                {t('filters.toggle')}
              </Button>
            </Stack>
          ) : (
            search
          )}
        </Grid>
        {!phone && more}
      </Grid>
      {phone && (
        <Collapse in={open} unmountOnExit>
          <Grid container spacing={2}>
            {more}
          </Grid>
        </Collapse>
      )}
      {hasFilters(filters) && (
        <div>
          <Button size="small" startIcon={<ClearIcon />} onClick={() => onChange(noFilters)}>
            {t('filters.clear')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
