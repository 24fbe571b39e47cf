import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import { apiPrefix } from '@/lib/api';

/** Up to two initials of a name, in any script. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => [...word][0]!.toLocaleUpperCase()).join('');
}

/** The user's photo (served at `/api/avatars/{filename}`), or their initials. */
export function UserAvatar({
  name,
  filename,
  size = 38,
  sx,
}: {
  name: string;
  filename: string | null | undefined;
  size?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <Avatar
      alt=""
      src={filename ? `${apiPrefix}/avatars/${encodeURIComponent(filename)}` : undefined}
      sx={[
        {
          inlineSize: size,
          blockSize: size,
          fontSize: size * 0.4,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {initials(name) || '?'}
    </Avatar>
  );
}
