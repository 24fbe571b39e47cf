import AppsIcon from '@mui/icons-material/AppsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortcuts } from '../shortcuts';

/** A grid of the most used pages. */
export function ShortcutsMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t('shell:shortcuts.title')}>
        <IconButton
          aria-label={t('shell:shortcuts.title')}
          aria-haspopup="dialog"
          aria-expanded={Boolean(anchor)}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AppsIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { inlineSize: 360, maxInlineSize: 'calc(100vw - 32px)', mt: 1 },
          },
        }}
      >
        <Typography id={titleId} variant="h6" component="h2" sx={{ px: 2.5, py: 2 }}>
          {t('shell:shortcuts.title')}
        </Typography>
        <Divider />
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            listStyle: 'none',
            m: 0,
            p: 0,
            '& > li': { borderBlockEnd: 1, borderColor: 'divider' },
            '& > li:nth-of-type(odd)': { borderInlineEnd: 1, borderColor: 'divider' },
          }}
        >
          {shortcuts.map(({ id, title, to, icon: Icon }) => (
            <li key={id}>
              <ButtonBase
                component={Link}
                to={to}
                onClick={close}
                sx={{
                  inlineSize: '100%',
                  flexDirection: 'column',
                  gap: 1,
                  py: 2.5,
                  px: 1.5,
                  textAlign: 'center',
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <Avatar
                  sx={(theme) => ({
                    bgcolor: alpha(theme.palette.primary.main, 0.12),
                    color: 'primary.main',
                  })}
                >
                  <Icon />
                </Avatar>
                <Typography variant="subtitle2" component="span" sx={{ fontWeight: 600 }}>
                  {t(title)}
                </Typography>
                <Typography variant="body2" component="span" color="text.secondary">
                  {t(`shell:shortcuts.${id}`)}
                </Typography>
              </ButtonBase>
            </li>
          ))}
        </Box>
      </Popover>
    </>
  );
}
