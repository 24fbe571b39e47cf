import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box } from '@mui/material';
import type { TCellRestrictions } from '@tarifa/contract';
import { useTranslation } from 'react-i18next';

/**
 * A cell's stay restrictions at a glance, along its bottom edge: the minimum stay when it is more
 * than a night, a mark per closed arrival or departure, and the orphan-night mark. Decorative
 * (the explanation lists them in words); each carries its meaning as a tooltip.
 */
export function RestrictionMarks({ restrictions }: { restrictions: TCellRestrictions }) {
  const { t } = useTranslation('restrictions');
  const { minStay, closedToArrival, closedToDeparture, orphan } = restrictions;
  if (minStay <= 1 && !closedToArrival && !closedToDeparture && !orphan) return null;
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        position: 'absolute',
        // Above the market's track, which runs along the very foot of the cell.
        insetBlockEnd: 4,
        insetInlineStart: 3,
        display: 'flex',
        alignItems: 'center',
        gap: 0.25,
        fontSize: '0.625rem',
        lineHeight: 1,
        color: 'text.secondary',
      }}
    >
      {minStay > 1 && (
        <span data-mark="min-stay" title={t('mark.minStay', { nights: minStay })}>
          {`≥${minStay}`}
        </span>
      )}
      {orphan && (
        <Box
          component="span"
          data-mark="orphan"
          title={t('mark.orphan')}
          sx={{ color: 'warning.dark', fontWeight: 700 }}
        >
          {minStay === 1 ? '1' : ''}◆
        </Box>
      )}
      {closedToArrival && (
        <Box
          component={LoginIcon}
          data-mark="closed-to-arrival"
          titleAccess={t('mark.closedToArrival')}
          sx={{ fontSize: 10, color: 'error.main' }}
        />
      )}
      {closedToDeparture && (
        <Box
          component={LogoutIcon}
          data-mark="closed-to-departure"
          titleAccess={t('mark.closedToDeparture')}
          sx={{ fontSize: 10, color: 'error.main' }}
        />
      )}
    </Box>
  );
}

/** The explanation's list of a cell's stay restrictions, in words. */
export function RestrictionList({ restrictions }: { restrictions: TCellRestrictions }) {
  const { t } = useTranslation('restrictions');
  const { minStay, maxStay, closedToArrival, closedToDeparture, orphan } = restrictions;
  const lines = [
    t('explain.minStay', { count: minStay }),
    ...(maxStay === null ? [] : [t('explain.maxStay', { count: maxStay })]),
    ...(closedToArrival ? [t('explain.closedToArrival')] : []),
    ...(closedToDeparture ? [t('explain.closedToDeparture')] : []),
    ...(orphan ? [t('explain.orphan')] : []),
  ];
  return (
    <Box component="section" aria-label={t('explain.title')} data-testid="cell-restrictions">
      <Box component="ul" sx={{ m: 0, paddingInlineStart: 3, typography: 'body2' }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
    </Box>
  );
}
