import type { SvgIconComponent } from '@mui/icons-material';
import Avatar from '@mui/material/Avatar';
import { alpha } from '@mui/material/styles';

/** An icon on a light tint of the primary colour, in a rounded square: beside a card's title. */
export function IconAvatar({ icon: Icon }: { icon: SvgIconComponent }) {
  return (
    <Avatar
      variant="rounded"
      sx={(theme) => ({ bgcolor: alpha(theme.palette.primary.main, 0.12), color: 'primary.main' })}
    >
      <Icon />
    </Avatar>
  );
}
