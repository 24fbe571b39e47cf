import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { Logo } from '@/components/Logo';

export function ErrorScreen({
  code,
  title,
  body,
  back,
}: {
  code: string;
  title: string;
  body: string;
  back: string;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxInlineSize: 480 }}>
      <Logo />
      <Typography
        variant="h1"
        component="p"
        color="primary"
        aria-hidden
        sx={{ fontSize: { xs: 72, sm: 96 } }}
      >
        {code}
      </Typography>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{body}</Typography>
      <Button variant="contained" component={Link} to="/">
        {back}
      </Button>
    </Stack>
  );
}
