import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { Kbd } from '@/components/Kbd';
import {
  search,
  searchSources,
  type SearchItem,
  type SearchSource,
} from '@/components/search/registry';
import { shortcuts } from '../shortcuts';

const perSource = 8;

interface Group {
  source: SearchSource;
  items: SearchItem[];
}

/** Calls every source's hook; the registry is filled at module load, so the calls never change. */
function useAllItems(): Group[] {
  const [sources] = useState(searchSources);
  return sources.map((source) => ({ source, items: source.useItems() }));
}

/**
 * The global search (Ctrl/⌘-K): pages, and whatever features register (businesses, room types,
 * sazonalities). A combobox over a list box: arrows move, Enter opens, Escape closes.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      slotProps={{
        paper: {
          'aria-label': t('shell:search.title'),
          sx: { alignSelf: 'flex-start', mt: fullScreen ? 0 : 10 },
        },
        // Whatever else grabbed the focus meanwhile (a page's autofocus), the search keeps it.
        transition: {
          onEntered: (node: HTMLElement) =>
            node.querySelector<HTMLElement>('[role=combobox]')?.focus(),
        },
      }}
    >
      <SearchPanel onClose={onClose} fullScreen={fullScreen} />
    </Dialog>
  );
}

/** The dialog's content, mounted only while it is open (so the sources' hooks run only then). */
function SearchPanel({ onClose, fullScreen }: { onClose: () => void; fullScreen: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const all = useAllItems();

  const groups: Group[] = (() => {
    if (!query.trim()) {
      // Before typing: the shortcuts, as suggestions.
      const pages = all.find((g) => g.source.id === 'pages');
      const suggested = shortcuts
        .map((s) => pages?.items.find((item) => item.to === s.to))
        .filter((item): item is SearchItem => Boolean(item));
      return pages && suggested.length
        ? [{ source: { ...pages.source, heading: 'shell:search.suggested' }, items: suggested }]
        : [];
    }
    return all
      .map(({ source, items }) => ({
        source,
        items: search(items, query).slice(0, perSource),
      }))
      .filter((group) => group.items.length > 0);
  })();

  const flat = groups.flatMap((group) => group.items.map((item) => ({ group, item })));
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const choose = (item: SearchItem) => {
    onClose();
    void navigate(item.to);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (flat.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + flat.length) % flat.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = flat[active];
      if (chosen) choose(chosen.item);
    }
  };

  // Where each group's options start in the flat list (for ids and the active option).
  const offsets = groups.map((_, g) =>
    groups.slice(0, g).reduce((sum, group) => sum + group.items.length, 0),
  );
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 2.5,
          py: 1.5,
          borderBlockEnd: 1,
          borderColor: 'divider',
        }}
      >
        <InputBase
          autoFocus
          fullWidth
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('shell:search.placeholder')}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          }
          inputProps={{
            role: 'combobox',
            'aria-label': t('shell:search.title'),
            'aria-expanded': flat.length > 0,
            'aria-controls': flat.length > 0 ? listId : undefined,
            'aria-autocomplete': 'list',
            'aria-activedescendant': flat.length ? optionId(active) : undefined,
          }}
          sx={{ fontSize: '1rem' }}
        />
        <Box
          component="button"
          type="button"
          onClick={onClose}
          sx={{ border: 0, bgcolor: 'transparent', p: 0, cursor: 'pointer', color: 'inherit' }}
          aria-label={t('shell:search.close')}
        >
          <Kbd>Esc</Kbd>
        </Box>
      </Box>
      <Box
        id={listId}
        role={flat.length > 0 ? 'listbox' : undefined}
        aria-label={flat.length > 0 ? t('shell:search.results') : undefined}
        sx={{ maxBlockSize: fullScreen ? 'none' : 440, overflowY: 'auto', py: 1, flex: 1 }}
      >
        {groups.map((group, g) => (
          <Box key={group.source.id} role="group" aria-labelledby={`${listId}-${group.source.id}`}>
            <Typography
              id={`${listId}-${group.source.id}`}
              variant="overline"
              component="div"
              color="text.secondary"
              sx={{ px: 2.5, pt: 1 }}
            >
              {t(group.source.heading)}
            </Typography>
            {group.items.map((item, i) => {
              const mine = offsets[g]! + i;
              const Icon = item.icon ?? ArticleIcon;
              const selected = mine === active;
              return (
                <Box
                  key={`${group.source.id}:${item.id}`}
                  id={optionId(mine)}
                  role="option"
                  aria-selected={selected}
                  onMouseMove={() => setActive(mine)}
                  onClick={() => choose(item)}
                  sx={(th) => ({
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.5,
                    mx: 1.5,
                    px: 1.5,
                    py: 1,
                    borderRadius: 1.5,
                    cursor: 'pointer',
                    bgcolor: selected ? alpha(th.palette.primary.main, 0.1) : 'transparent',
                    color: 'text.primary',
                    '& > svg': { color: selected ? 'primary.main' : 'text.secondary' },
                  })}
                >
                  <Icon fontSize="small" />
                  <Box sx={{ minInlineSize: 0, flex: 1 }}>
                    <Typography noWrap>{item.title}</Typography>
                    {item.subtitle && (
                      <Typography variant="body2" color="text.secondary" noWrap>
                        {item.subtitle}
                      </Typography>
                    )}
                  </Box>
                </Box>
              );
            })}
          </Box>
        ))}
        {query.trim() && flat.length === 0 && (
          <Box role="status">
            <EmptyState
              dense
              icon={SearchOffIcon}
              title={t('shell:search.noResults', { query: query.trim() })}
              body={t('shell:search.noResultsHint')}
              headingLevel="p"
            />
          </Box>
        )}
      </Box>
      <Box
        sx={{
          display: { xs: 'none', sm: 'flex' },
          gap: 2,
          px: 2.5,
          py: 1.25,
          borderBlockStart: 1,
          borderColor: 'divider',
          color: 'text.secondary',
          typography: 'body2',
        }}
        aria-hidden
      >
        <span>
          <Kbd>↑</Kbd> <Kbd>↓</Kbd> {t('shell:search.hintMove')}
        </span>
        <span>
          <Kbd>↵</Kbd> {t('shell:search.hintOpen')}
        </span>
        <span>
          <Kbd>Esc</Kbd> {t('shell:search.hintClose')}
        </span>
      </Box>
    </>
  );
}
