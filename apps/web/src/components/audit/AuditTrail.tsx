import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  auditActorKinds,
  auditEntities,
  type TAuditActorKind,
  type TAuditEntity,
  type TAuditEvent,
} from '@tarifa/contract';
import { PageFooterPager } from '@/components/PageFooterPager';
import { FilteredList } from '@/components/list/FilteredList';
import {
  dayParam,
  listParam,
  useListView,
  type ListViewCodec,
} from '@/components/list/useListView';
import { visuallyHidden } from '@/lib/a11y';
import { timeAgo, useIntl } from '@/lib/intl';
import { noAuditFilters, useAuditTrail, type AuditFilters, type AuditSource } from '@/api/audit';
import { AuditChanges } from './AuditChanges';
import { AuditFiltersBar } from './AuditFiltersBar';

const pageSize = 20;

/** The trail's view in the address bar: `?entity&actor&from&to&page`. */
const auditView: ListViewCodec<AuditFilters> = {
  read: (params) => {
    const actor = params.get('actor') as TAuditActorKind | null;
    return {
      entity: listParam(params, 'entity', auditEntities),
      actorKind: actor && auditActorKinds.includes(actor) ? actor : '',
      from: dayParam(params, 'from'),
      to: dayParam(params, 'to'),
    };
  },
  write: (filters) => ({
    entity: filters.entity.join(','),
    actor: filters.actorKind,
    from: filters.from,
    to: filters.to,
  }),
  pageSizes: [pageSize],
};

/** Who did it: a user, a user through an integration token, or Tarifa (for someone or not). */
function Who({ event }: { event: TAuditEvent }) {
  const { t } = useTranslation('audit');
  const name = event.actor?.name ?? t('who.gone');
  if (event.actorKind === 'system') {
    return <>{event.actor ? t('who.systemFor', { name }) : t('who.system')}</>;
  }
  if (event.actorKind === 'integration') {
    return (
      <>
        {event.token
          ? t('who.token', { name, token: event.token.name })
          : t('who.tokenGone', { name })}
      </>
    );
  }
  return <>{name}</>;
}

/** The business an event belongs to, or the account it concerns (the admin trail shows it). */
function Scope({ event }: { event: TAuditEvent }) {
  const { t } = useTranslation('audit');
  if (event.business) return <>{event.business.name}</>;
  if (event.subjectUser) return <>{t('scope.account', { name: event.subjectUser.name })}</>;
  return <>—</>;
}

function EventRow({
  event,
  showScope,
  now,
}: {
  event: TAuditEvent;
  showScope: boolean;
  now: Date;
}) {
  const { t } = useTranslation('audit');
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const detailsId = `audit-details-${event.id}`;
  const exact = intl.date(new Date(event.createdAt), { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <Fragment>
      <TableRow data-event={event.id} sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <Typography variant="body2" component="time" dateTime={event.createdAt} title={exact}>
            {timeAgo(event.createdAt, now, intl.locale)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {exact}
          </Typography>
        </TableCell>
        <TableCell>
          <Who event={event} />
        </TableCell>
        <TableCell>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip size="small" label={t(`actions.${event.action}`)} />
            <Typography variant="body2">
              {t(`entities.${event.entity}`)}
              {event.entityName ? ` · ${event.entityName}` : ''}
            </Typography>
          </Stack>
        </TableCell>
        {showScope && (
          <TableCell>
            <Scope event={event} />
          </TableCell>
        )}
        <TableCell align="right" padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={t(open ? 'details.hide' : 'details.show', {
              what: t(`entities.${event.entity}`),
              when: exact,
            })}
            onClick={() => setOpen(!open)}
          >
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={showScope ? 5 : 4} sx={{ pt: 0 }}>
            <AuditChanges event={event} id={detailsId} />
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}

/**
 * An audit trail: who did what when, newest first, each event's fields before and after on
 * demand; filtered by entity, actor kind and period (in the address bar); paged. `showScope` adds the business (or
 * account) of each event, for the super-admin's trail of everything.
 */
export function AuditTrail({
  source,
  showScope = false,
  entities,
}: {
  source: AuditSource;
  showScope?: boolean;
  entities?: readonly TAuditEntity[];
}) {
  const { t } = useTranslation('audit');
  const { view, update } = useListView(auditView);
  const { page, entity, actorKind, from, to } = view;
  const filters: AuditFilters = { entity, actorKind, from, to };
  const trail = useAuditTrail(source, filters, page + 1, pageSize);
  const now = new Date();
  const filtered = JSON.stringify(filters) !== JSON.stringify(noAuditFilters);

  return (
    <FilteredList
      query={trail}
      framed={false}
      label={t('label')}
      namespace="audit"
      filters={<AuditFiltersBar filters={filters} entities={entities} onChange={update} />}
    >
      {(data) =>
        data.total === 0 ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {filtered ? t('noneFiltered') : t('none')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('label')} data-testid="audit-trail">
              <TableHead>
                <TableRow>
                  <TableCell>{t('columns.when')}</TableCell>
                  <TableCell>{t('columns.who')}</TableCell>
                  <TableCell>{t('columns.what')}</TableCell>
                  {showScope && <TableCell>{t('columns.scope')}</TableCell>}
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      {t('columns.details')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.events.map((event) => (
                  <EventRow key={event.id} event={event} showScope={showScope} now={now} />
                ))}
              </TableBody>
            </Table>
            <PageFooterPager
              total={data.total}
              page={page}
              pageSize={pageSize}
              onPageChange={(next) => update({ page: next })}
            />
          </Box>
        )
      }
    </FilteredList>
  );
}
