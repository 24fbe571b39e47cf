import ApproveIcon from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPortfolioProperty, TPortfolioResponse, TPortfolioTotals } from '@tarifa/contract';
import { formatFigure, kpiChange, type KpiMetric } from '@/api/analytics';
import { useIntl } from '@/lib/intl';

type Row = TPortfolioProperty | TPortfolioTotals;

/** The columns of figures: the row's field, the KPI it is (how it reads and which way is good). */
const figures = [
  { key: 'occupancy', metric: 'occupancy' },
  { key: 'adr', metric: 'adr' },
  { key: 'revpar', metric: 'revpar' },
  { key: 'roomRevenue', metric: 'revenue' },
] as const satisfies readonly { key: keyof TPortfolioProperty; metric: KpiMetric }[];

const toneColor = { good: 'success.main', bad: 'error.main', neutral: 'text.secondary' } as const;

/** A figure, and under it last year's and the change (and the budget, for revenue, when there is one). */
function FigureCell({ row, column }: { row: Row; column: (typeof figures)[number] }) {
  const { t } = useTranslation('portfolio');
  const intl = useIntl();
  const kind = column.metric === 'occupancy' ? 'fraction' : 'money';
  const current = row[column.key];
  const previous = row.lastYear[column.key];
  const change = kpiChange(intl, column.metric, current, previous);
  const budget = column.key === 'roomRevenue' ? row.budget?.revenue : undefined;
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatFigure(intl, kind, current, row.currency)}
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        {t('table.lastYear', { value: formatFigure(intl, kind, previous, row.currency) })}
      </Typography>
      {change && (
        <Typography variant="caption" component="div" sx={{ color: toneColor[change.tone] }}>
          {t(`table.change.${change.unit}`, { amount: change.amount })}
        </Typography>
      )}
      {budget !== undefined && (
        <Typography variant="caption" component="div" color="text.secondary">
          {t('table.budget', { value: formatFigure(intl, 'money', budget, row.currency) })}
        </Typography>
      )}
    </TableCell>
  );
}

/**
 * The portfolio's table: a row per property (its name opens it), its figures against last year,
 * the changes waiting (approve them from here) and the alerts; a totals row per currency.
 */
export function PortfolioTable({
  portfolio,
  onOpen,
  onApprove,
}: {
  portfolio: TPortfolioResponse;
  onOpen: (property: TPortfolioProperty) => void;
  onApprove: (property: TPortfolioProperty) => void;
}) {
  const { t } = useTranslation('portfolio');
  const intl = useIntl();
  const counts = (row: Row) => (
    <>
      <TableCell align="right">{intl.number(row.roomNights)}</TableCell>
      {figures.map((column) => (
        <FigureCell key={column.key} row={row} column={column} />
      ))}
    </>
  );
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('table.property')}</TableCell>
            <TableCell align="right">{t('table.roomNights')}</TableCell>
            {figures.map((column) => (
              <TableCell key={column.key} align="right">
                {t(`table.${column.key}`)}
              </TableCell>
            ))}
            <TableCell align="center">{t('table.pendingChanges')}</TableCell>
            <TableCell align="center">{t('table.alerts')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {portfolio.properties.map((property) => (
            <TableRow key={property.businessUuid} hover>
              <TableCell component="th" scope="row" sx={{ minInlineSize: 160 }}>
                <Link
                  component="button"
                  variant="body2"
                  onClick={() => onOpen(property)}
                  aria-label={t('table.open', { name: property.name })}
                  sx={{ fontWeight: 600, textAlign: 'start' }}
                >
                  {property.name}
                </Link>
                <Typography variant="caption" component="div" color="text.secondary">
                  {property.currency}
                </Typography>
              </TableCell>
              {counts(property)}
              <TableCell align="center">
                <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2">{intl.number(property.pendingChanges)}</Typography>
                  {property.pendingChanges > 0 && (
                    <Button
                      size="small"
                      startIcon={<ApproveIcon />}
                      onClick={() => onApprove(property)}
                      aria-label={t('table.approve', { name: property.name })}
                    >
                      {t('table.approveShort')}
                    </Button>
                  )}
                </Stack>
              </TableCell>
              <TableCell align="center">
                <Chip
                  size="small"
                  label={intl.number(property.alerts)}
                  color={property.alerts > 0 ? 'warning' : 'default'}
                  aria-label={t('table.alertsCount', { count: property.alerts })}
                />
              </TableCell>
            </TableRow>
          ))}
          {portfolio.totals.map((total) => (
            <TableRow
              key={total.currency}
              data-testid={`portfolio-total-${total.currency}`}
              sx={{ '& > *': { borderTop: 2, borderTopColor: 'divider' }, bgcolor: 'action.hover' }}
            >
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {portfolio.totals.length > 1
                    ? t('table.totalIn', { currency: total.currency })
                    : t('table.total')}
                </Typography>
                <Typography variant="caption" component="div" color="text.secondary">
                  {t('table.properties', {
                    count: total.properties,
                    n: intl.number(total.properties),
                  })}
                </Typography>
              </TableCell>
              {counts(total)}
              <TableCell align="center">{intl.number(total.pendingChanges)}</TableCell>
              <TableCell align="center">{intl.number(total.alerts)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
