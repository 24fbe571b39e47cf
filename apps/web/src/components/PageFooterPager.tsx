import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { useIntl } from '@/lib/intl';

/**
 * The pager under a list read page by page at a fixed size ("1-20 of 96", previous, next), shown
 * only when there is more than one page. `page` counts from 0, as MUI's.
 */
export function PageFooterPager({
  total,
  page,
  pageSize,
  onPageChange,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const intl = useIntl();
  if (total <= pageSize) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      onPageChange={(_, next) => onPageChange(next)}
      labelDisplayedRows={({ from, to, count }) =>
        t('common:table.displayedRows', {
          from: intl.number(from),
          to: intl.number(to),
          total: intl.number(count),
        })
      }
    />
  );
}
