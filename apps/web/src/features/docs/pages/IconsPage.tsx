import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { normalize } from '@/components/search/registry';
import { iconCatalog, type CatalogIcon } from '../iconCatalog';

interface Row extends CatalogIcon {
  id: string;
  usageText: string;
  groupText: string;
}

/**
 * `/pages/icons`: the icons the app uses, one meaning each, searchable by name or by what they mean
 * in the active language; a click copies the import line.
 */
export default function IconsPage() {
  const { t } = useTranslation('docs');
  const [query, setQuery] = useState('');
  const [copied, setCopied] = useState<string | null>(null);

  const rows: Row[] = useMemo(
    () =>
      iconCatalog.map((icon) => ({
        ...icon,
        id: icon.name,
        usageText: t(`icons.usage.${icon.usage}`),
        groupText: t(`icons.groups.${icon.group}`),
      })),
    [t],
  );
  const words = normalize(query).split(/\s+/).filter(Boolean);
  const shown = rows.filter((row) => {
    const text = normalize(`${row.name} ${row.usageText} ${row.groupText}`);
    return words.every((word) => text.includes(word));
  });

  const copy = (name: string) => {
    const line = `import ${name}Icon from '@mui/icons-material/${name}';`;
    void navigator.clipboard?.writeText(line).then(
      () => setCopied(name),
      () => setCopied(null),
    );
  };

  const columns: GridColDef<Row>[] = [
    {
      field: 'icon',
      headerName: t('icons.columns.icon'),
      width: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <Avatar
          variant="rounded"
          sx={(theme) => ({
            bgcolor: alpha(theme.palette.primary.main, 0.12),
            color: 'primary.main',
            my: 0.75,
          })}
        >
          <row.icon
            sx={row.mirrored ? { '[dir=rtl] &': { transform: 'scaleX(-1)' } } : undefined}
          />
        </Avatar>
      ),
    },
    { field: 'name', headerName: t('icons.columns.name'), flex: 1, minWidth: 200 },
    { field: 'usageText', headerName: t('icons.columns.usage'), flex: 1.3, minWidth: 200 },
    {
      field: 'groupText',
      headerName: t('icons.columns.group'),
      width: 150,
      renderCell: ({ row }) => <Chip size="small" label={row.groupText} />,
    },
    {
      field: 'mirrored',
      headerName: t('icons.columns.mirrored'),
      width: 170,
      type: 'boolean',
    },
    {
      field: 'copy',
      headerName: t('icons.columns.copy'),
      width: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <Tooltip title={t('icons.copy', { name: row.name })}>
          <IconButton
            onClick={() => copy(row.name)}
            aria-label={t('icons.copy', { name: row.name })}
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('icons.title')}
        </Typography>
        <Typography color="text.secondary">{t('icons.subtitle')}</Typography>
      </Box>
      <Card>
        <CardContent>
          <TextField
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            label={t('icons.search')}
            fullWidth
            sx={{ mb: 2 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
          <DataTable
            aria-label={t('icons.title')}
            rows={shown}
            columns={columns}
            getRowHeight={() => 56}
          />
        </CardContent>
      </Card>
      <Snackbar
        open={Boolean(copied)}
        autoHideDuration={3000}
        onClose={() => setCopied(null)}
        message={copied ? t('icons.copied', { name: copied }) : ''}
      />
    </Box>
  );
}
