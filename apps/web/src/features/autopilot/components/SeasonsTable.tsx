import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { TAutopilotSeason } from '@tarifa/contract';
import { isolate } from '@/lib/bidi';
import { useIntl } from '@/lib/intl';

/**
 * What the history says of each season: its past nights, how many guests ask for a night, and the
 * share of them lost when the price rises by 10 %, with its 90 % interval.
 */
export function SeasonsTable({ seasons }: { seasons: TAutopilotSeason[] }) {
  const { t } = useTranslation('autopilot');
  const intl = useIntl();
  const share = (fraction: number) => isolate(intl, intl.percent(fraction, 1));
  return (
    <TableContainer>
      <Table size="small" aria-label={t('seasons.label')}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('seasons.season')}</TableCell>
            <TableCell scope="col" align="right">
              {t('seasons.nights')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('seasons.requests')}
            </TableCell>
            <TableCell scope="col">{t('seasons.loss')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {seasons.map((season) => (
            <TableRow key={season.seasonId ?? 'none'}>
              <TableCell component="th" scope="row">
                {season.seasonId === null ? t('seasons.none') : season.name}
              </TableCell>
              <TableCell align="right">{intl.number(season.nights)}</TableCell>
              <TableCell align="right">
                {intl.number(season.requestsPerNight, { maximumFractionDigits: 1 })}
              </TableCell>
              <TableCell>
                {t('seasons.lossValue', {
                  loss: share(season.lossPerTenPercent),
                  low: share(season.lossInterval[0]),
                  high: share(season.lossInterval[1]),
                })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
