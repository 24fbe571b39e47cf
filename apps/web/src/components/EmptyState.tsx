import type { SvgIconComponent } from '@mui/icons-material';
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** Nothing to show yet: an icon, what is missing, and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  body,
  action,
  dense = false,
  headingLevel = 'h3',
}: {
  icon: SvgIconComponent;
  title: string;
  body?: ReactNode;
  action?: ReactNode;
  dense?: boolean;
  headingLevel?: 'h2' | 'h3' | 'h4' | 'p';
}) {
  return (
    <Stack
      spacing={1.5}
      sx={{ alignItems: 'center', textAlign: 'center', px: 3, py: dense ? 4 : 7 }}
    >
      <Avatar
        sx={(theme) => ({
          inlineSize: dense ? 48 : 64,
          blockSize: dense ? 48 : 64,
          bgcolor: alpha(theme.palette.primary.main, 0.12),
          color: 'primary.main',
        })}
      >
        <Icon fontSize={dense ? 'medium' : 'large'} />
      </Avatar>
      <Typography variant={dense ? 'h6' : 'h5'} component={headingLevel}>
        {title}
      </Typography>
      {body && (
        <Typography color="text.secondary" sx={{ maxInlineSize: 420 }}>
          {body}
        </Typography>
      )}
      {action}
    </Stack>
  );
}
