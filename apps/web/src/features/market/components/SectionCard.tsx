import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { useId, type ReactNode } from 'react';

/** One part of the Market page: a card named by its heading, with a line of help under it. */
export function SectionCard({
  title,
  subtitle,
  action,
  children,
}: {
  title: string;
  subtitle: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={title}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
        subheader={subtitle}
        action={action}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
