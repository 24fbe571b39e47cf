import Box from '@mui/material/Box';
import type { TPriceCell } from '@tarifa/contract';

/**
 * Where a night's price sits in its market, drawn along the cell's foot: the competitors'
 * lowest–highest range as a track, their median as a tick, the price as a dot (clamped to the
 * track's ends when outside it). Decorative: the cell's name says the median in words.
 */
export function MarketMark({ cell }: { cell: TPriceCell }) {
  const market = cell.market;
  if (!market) return null;
  const low = Math.min(market.low, cell.recommendedPrice);
  const high = Math.max(market.high, cell.recommendedPrice);
  const span = high - low || 1;
  const at = (value: number) => `${((value - low) / span) * 100}%`;
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-mark="market"
      data-market-step={market.step}
      sx={{
        position: 'absolute',
        insetInline: 4,
        insetBlockEnd: 0,
        blockSize: 4,
        display: 'block',
      }}
    >
      <Box
        component="span"
        sx={{
          position: 'absolute',
          insetInlineStart: at(market.low),
          inlineSize: `${((market.high - market.low) / span) * 100}%`,
          insetBlock: 1,
          borderRadius: 1,
          bgcolor: market.step === 'too_few_competitors' ? 'action.disabled' : 'info.light',
        }}
      />
      <Box
        component="span"
        sx={{
          position: 'absolute',
          insetInlineStart: at(market.median),
          insetBlock: 0,
          inlineSize: 2,
          bgcolor: 'info.dark',
        }}
      />
      <Box
        component="span"
        sx={{
          position: 'absolute',
          insetInlineStart: `calc(${at(cell.recommendedPrice)} - 2px)`,
          insetBlock: 0,
          inlineSize: 4,
          borderRadius: '50%',
          bgcolor: 'text.primary',
        }}
      />
    </Box>
  );
}
