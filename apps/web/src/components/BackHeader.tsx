import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/**
 * The head of a page reached from another (a property's settings pages): a way back, the page's
 * title (its one `h1`) and what it is for. The arrow turns with the reading direction.
 */
export function BackHeader({
  back,
  title,
  intro,
}: {
  back: { to: string; label: string };
  title: string;
  intro: string;
}) {
  return (
    <div>
      <Button
        component={RouterLink}
        to={back.to}
        size="small"
        startIcon={<ArrowBackIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
        sx={{ mb: 1 }}
      >
        {back.label}
      </Button>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, maxInlineSize: 720 }}>
        {intro}
      </Typography>
    </div>
  );
}
