import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, type ReactNode } from 'react';
import { isCountry } from '@tarifa/contract';
import { useIntl } from '@/lib/intl';

interface Country {
  code: string;
  label: string;
}

let regionCodes: string[] | undefined;
/** ISO 3166-1 alpha-2 codes the runtime knows (the API accepts the same). */
function allRegionCodes(): string[] {
  if (!regionCodes) {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    regionCodes = [...letters].flatMap((a) => [...letters].map((b) => a + b)).filter(isCountry);
  }
  return regionCodes;
}

/** The guest's country, picked by typing part of its name in the active language. */
export function CountryField({
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: boolean;
  helperText?: ReactNode;
}) {
  const { locale } = useIntl();
  const options = useMemo<Country[]>(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const order = new Intl.Collator(locale, { sensitivity: 'base' });
    return allRegionCodes()
      .map((code) => ({ code, label: names.of(code) ?? code }))
      .sort((a, b) => order.compare(a.label, b.label));
  }, [locale]);
  const selected = options.find((option) => option.code === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_, option) => onChange(option?.code ?? '')}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      autoHighlight
      renderInput={(params) => (
        <TextField {...params} name="country" label={label} error={error} helperText={helperText} />
      )}
    />
  );
}
