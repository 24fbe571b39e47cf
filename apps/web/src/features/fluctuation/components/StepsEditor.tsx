import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { businessLimits, type TRoomTariff } from '@tarifa/contract';
import { visuallyHidden } from '@/lib/a11y';
import { useIntl } from '@/lib/intl';
import { isolate } from '@/lib/bidi';
import {
  newRowKey,
  nextThreshold,
  parseDecimal,
  priceWith,
  sanitizeDecimal,
  type StepRow,
} from '../utils/steps';

interface StepsEditorProps {
  levels: readonly StepRow[];
  onChange: (levels: StepRow[]) => void;
  /** The translated message for a field path (`levels.2.occupancyFrom`), if it has an error. */
  errorFor: (path: string) => string | undefined;
  /** A room type to show example prices for, and the currency they are in. */
  exampleRoom?: TRoomTariff;
  currency: string;
}

const cellField = { size: 'small', fullWidth: true } as const;

/**
 * The steps of a group as a small table: from which occupancy each applies and how it changes
 * the price, with the example room type's price at that step. The first step always starts at
 * 0 % (an empty hotel); the others are checked to go up, each message on its own field.
 */
export function StepsEditor({
  levels,
  onChange,
  errorFor,
  exampleRoom,
  currency,
}: StepsEditorProps) {
  const { t } = useTranslation('fluctuation');
  const intl = useIntl();
  const next = nextThreshold(levels);
  const update = (index: number, patch: Partial<StepRow>) =>
    onChange(levels.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <Box>
      <TableContainer>
        <Table
          size="small"
          aria-label={t('steps.title')}
          sx={{ '& td, & th': { px: { xs: 0.5, sm: 1 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell scope="col" sx={stepColumn}>
                {t('steps.step')}
              </TableCell>
              <TableCell scope="col">{t('steps.occupancyFrom')}</TableCell>
              <TableCell scope="col">{t('steps.adjustment')}</TableCell>
              {exampleRoom && (
                <TableCell scope="col">{t('steps.example', { room: exampleRoom.name })}</TableCell>
              )}
              <TableCell scope="col">
                <Box component="span" sx={visuallyHidden}>
                  {t('steps.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {levels.map((row, index) => {
              const number = intl.number(index + 1);
              const adjustment = parseDecimal(row.adjustmentPercent);
              const occupancyError = errorFor(`levels.${index}.occupancyFrom`);
              const adjustmentError = errorFor(`levels.${index}.adjustmentPercent`);
              return (
                <TableRow key={row.key} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ ...stepColumn, pt: 2.25, color: 'text.secondary' }}>
                    {number}
                  </TableCell>
                  <TableCell sx={{ minInlineSize: { xs: 88, sm: 140 } }}>
                    {index === 0 && !occupancyError ? (
                      <Typography sx={{ pt: 1.25 }}>
                        {t('steps.fromEmpty', { value: isolate(intl, intl.percent(0)) })}
                      </Typography>
                    ) : (
                      <TextField
                        {...cellField}
                        value={row.occupancyFrom}
                        onChange={(event) =>
                          update(index, {
                            occupancyFrom: sanitizeDecimal(event.target.value, { negative: false }),
                          })
                        }
                        error={Boolean(occupancyError)}
                        helperText={occupancyError}
                        slotProps={{
                          htmlInput: {
                            inputMode: 'decimal',
                            dir: 'ltr',
                            'aria-label': t('steps.occupancyFromLabel', { step: number }),
                          },
                          input: {
                            endAdornment: <InputAdornment position="end">%</InputAdornment>,
                          },
                        }}
                      />
                    )}
                  </TableCell>
                  <TableCell sx={{ minInlineSize: { xs: 88, sm: 140 } }}>
                    <TextField
                      {...cellField}
                      value={row.adjustmentPercent}
                      onChange={(event) =>
                        update(index, { adjustmentPercent: sanitizeDecimal(event.target.value) })
                      }
                      error={Boolean(adjustmentError)}
                      helperText={adjustmentError}
                      slotProps={{
                        htmlInput: {
                          inputMode: 'decimal',
                          dir: 'ltr',
                          'aria-label': t('steps.adjustmentLabel', { step: number }),
                        },
                        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                      }}
                    />
                  </TableCell>
                  {exampleRoom && (
                    <TableCell sx={{ pt: 2.25, whiteSpace: 'nowrap' }}>
                      {adjustment === undefined || Number.isNaN(adjustment)
                        ? '—'
                        : isolate(intl, intl.money(priceWith(exampleRoom, adjustment), currency))}
                    </TableCell>
                  )}
                  <TableCell sx={{ pt: 1, inlineSize: 48 }}>
                    {index > 0 && (
                      <Tooltip title={t('steps.remove', { step: number })}>
                        <IconButton
                          aria-label={t('steps.remove', { step: number })}
                          onClick={() => onChange(levels.filter((_, i) => i !== index))}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {errorFor('levels') && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {errorFor('levels')}
        </Typography>
      )}
      <Button
        startIcon={<AddIcon />}
        sx={{ mt: 1.5 }}
        disabled={next === null || levels.length >= businessLimits.levelsMax}
        onClick={() =>
          next !== null &&
          onChange([
            ...levels,
            {
              key: newRowKey(),
              occupancyFrom: String(next),
              adjustmentPercent: levels.at(-1)?.adjustmentPercent ?? '0',
            },
          ])
        }
      >
        {t('steps.add')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('steps.hint')}
      </Typography>
    </Box>
  );
}

/** The step's number: on a phone the fields' own names say it, and the room is needed more. */
const stepColumn = { display: { xs: 'none', sm: 'table-cell' } } as const;
