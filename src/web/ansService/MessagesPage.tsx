import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import CardContent from '@mui/material/CardContent';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DoneIcon from '@mui/icons-material/Done';
import ReplayIcon from '@mui/icons-material/Replay';
import ForumIcon from '@mui/icons-material/Forum';
import {
  DataTable,
  DateInput,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useLocaleState,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { ANS_MESSAGE_KINDS, ANS_MESSAGE_STATUSES, type AnsMessage } from '../../../schemas/ansService.js';
import { ansMessagesExportUrl } from '../providers/methods/ansServiceMethods.js';
import { failureMessage } from '../providers/errorMessages.js';
import { ListEmpty, ListExportButton } from '../resources/ListStates.js';
import { ANS_LIST_SX, AnsCards, AnsResults, useLoadErrorNotice } from './AnsList.js';
import { KindChip, StatusChip } from './AnsShared.js';
import { boundaryDay, dayBoundary } from './ansRules.js';

const MESSAGES = 'ansMessages';

function messageFilters(translate: (key: string) => string) {
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('ansService.messages.filters.search')} />,
    <SelectInput
      key="status"
      source="status"
      label="ansService.messages.filters.status"
      alwaysOn
      choices={ANS_MESSAGE_STATUSES.map((id) => ({ id, name: translate(`ansService.statuses.${id}`) }))}
      translateChoice={false}
      emptyText="ansService.messages.filters.any"
      sx={{ minWidth: 140 }}
    />,
    <SelectInput
      key="kind"
      source="kind"
      label="ansService.messages.filters.kind"
      alwaysOn
      choices={ANS_MESSAGE_KINDS.map((id) => ({ id, name: translate(`ansService.kinds.${id}`) }))}
      translateChoice={false}
      emptyText="ansService.messages.filters.any"
      sx={{ minWidth: 140 }}
    />,
    <DateInput
      key="from"
      source="from"
      label="ansService.messages.filters.from"
      alwaysOn
      format={(v: string) => boundaryDay(v)}
      parse={(v: string) => dayBoundary(v)}
    />,
    <DateInput
      key="to"
      source="to"
      label="ansService.messages.filters.to"
      alwaysOn
      format={(v: string) => boundaryDay(v, true)}
      parse={(v: string) => dayBoundary(v, true)}
    />,
  ];
}

function TakenAt({ message }: { message: AnsMessage }) {
  const [locale] = useLocaleState();
  const date = new Date(message.takenAt);
  return (
    <Box component="time" dateTime={message.takenAt} sx={{ whiteSpace: 'nowrap', display: 'block' }}>
      {new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date)}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date)}
      </Typography>
    </Box>
  );
}

function Caller({ message }: { message: AnsMessage }) {
  return (
    <>
      <Box sx={{ fontWeight: message.status === 'new' ? 700 : 600 }}>{message.callerName}</Box>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {message.callerNumber}
      </Typography>
    </>
  );
}

function Account({ message }: { message: AnsMessage }) {
  const translate = useTranslate();
  if (message.siteNum === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('ansService.messages.noAccount')}
      </Typography>
    );
  }
  return (
    <>
      <Box>{message.siteName}</Box>
      <Typography variant="caption" color="text.secondary">
        {message.siteNum}
      </Typography>
    </>
  );
}

/** The account on one line: its name and number, or that the caller named none. */
function AccountLine({ message }: { message: AnsMessage }) {
  const translate = useTranslate();
  return (
    <Typography variant="caption" color="text.secondary">
      {message.siteNum === null ? translate('ansService.messages.noAccount') : `${message.siteName ?? ''} · ${message.siteNum}`}
    </Typography>
  );
}

function Delivery({ message }: { message: AnsMessage }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <StatusChip status={message.status} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {message.deliveredTo
          ? translate('ansService.messages.deliveredTo', { name: message.deliveredTo })
          : translate('ansService.messages.notDelivered')}
      </Typography>
      {message.status === 'handled' && message.handledBy && message.handledAt && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {translate('ansService.messages.handledBy', {
            name: message.handledBy,
            time: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(message.handledAt)),
          })}
        </Typography>
      )}
    </>
  );
}

/** Mark handled, or open again. */
function HandleButton({ message, compact = false }: { message: AnsMessage; compact?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource: MESSAGES, action: 'edit' });
  const [update, { isPending }] = useUpdate();
  if (!canAccess) return null;
  const handled = message.status === 'handled';
  const change = () =>
    update(
      MESSAGES,
      { id: message.id, data: { status: handled ? 'new' : 'handled' }, previousData: message },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(handled ? 'ansService.messages.reopened' : 'ansService.messages.handled', { type: 'success' }),
        onError: (error) => notify(failureMessage(error, 'ansService.messages.updateError'), { type: 'error' }),
      },
    );
  const label = translate(handled ? 'ansService.messages.reopenNamed' : 'ansService.messages.markHandledNamed', {
    name: message.callerName,
  });
  if (compact) {
    return (
      <Tooltip title={translate(handled ? 'ansService.messages.reopen' : 'ansService.messages.markHandled')}>
        <span>
          <IconButton size="small" color={handled ? 'default' : 'primary'} disabled={isPending} onClick={change} aria-label={label}>
            {handled ? <ReplayIcon fontSize="small" /> : <DoneIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={translate(handled ? 'ansService.messages.reopen' : 'ansService.messages.markHandled')}>
      <Button
        size="small"
        variant={handled ? 'text' : 'outlined'}
        disabled={isPending}
        onClick={change}
        startIcon={handled ? <ReplayIcon /> : <DoneIcon />}
        aria-label={translate(handled ? 'ansService.messages.reopenNamed' : 'ansService.messages.markHandledNamed', {
          name: message.callerName,
        })}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate(handled ? 'ansService.messages.reopen' : 'ansService.messages.markHandled')}
      </Button>
    </Tooltip>
  );
}

function MessagesTable() {
  const translate = useTranslate();
  return (
    <DataTable<AnsMessage>
      sx={{ '& thead th': { whiteSpace: 'nowrap' } }}
      rowSx={(m) => (m.status === 'new' ? { bgcolor: 'action.hover' } : {})}
      aria-label={translate('ansService.messages.tableLabel')}
      rowClick={false}
      bulkActionButtons={false}
      empty={<MessagesEmpty />}
    >
      <DataTable.Col source="takenAt" label="ansService.messages.columns.takenAt" render={(m) => <TakenAt message={m as AnsMessage} />} />
      <DataTable.Col
        source="callerName"
        label="ansService.messages.columns.callerName"
        render={(m) => <Caller message={m as AnsMessage} />}
      />
      <DataTable.Col
        source="kind"
        label="ansService.messages.columns.text"
        render={(m) => (
          <Box sx={{ minWidth: 200, maxWidth: 420 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <KindChip kind={(m as AnsMessage).kind} />
              <AccountLine message={m as AnsMessage} />
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {(m as AnsMessage).text}
            </Typography>
          </Box>
        )}
      />
      <DataTable.Col
        source="status"
        label="ansService.messages.columns.status"
        render={(m) => (
          <Box sx={{ minWidth: 120 }}>
            <Delivery message={m as AnsMessage} />
          </Box>
        )}
      />
      <DataTable.Col
        label="ansService.messages.columns.actions"
        disableSort
        render={(m) => <HandleButton message={m as AnsMessage} compact />}
      />
    </DataTable>
  );
}

/** Phones: one card per message. */
function MessageCards() {
  const translate = useTranslate();
  return (
    <AnsCards<AnsMessage> label={translate('ansService.messages.tableLabel')} empty={<MessagesEmpty />}>
      {(message) => (
        <Card
          variant="outlined"
          data-testid="ans-message-card"
          sx={message.status === 'new' ? { borderLeft: 4, borderLeftColor: 'warning.main' } : undefined}
        >
          <CardContent sx={{ pb: '12px !important' }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Caller message={message} />
              </Box>
              <KindChip kind={message.kind} />
            </Box>
            <Typography variant="body2" sx={{ my: 1 }}>
              {message.text}
            </Typography>
            <Box sx={{ typography: 'body2', mb: 1 }}>
              <Account message={message} />
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ typography: 'body2', color: 'text.secondary' }}>
                <TakenAt message={message} />
              </Box>
              <Box sx={{ flexGrow: 1 }}>
                <Delivery message={message} />
              </Box>
              <HandleButton message={message} />
            </Box>
          </CardContent>
        </Card>
      )}
    </AnsCards>
  );
}

function MessagesEmpty() {
  const translate = useTranslate();
  return (
    <ListEmpty
      testId="ans-messages-empty"
      icon={<ForumIcon />}
      title={translate('ansService.messages.emptyTitle')}
      text={translate('ansService.messages.empty')}
      filteredTitle={translate('ansService.messages.emptyFilteredTitle')}
      filteredText={translate('ansService.messages.emptyFiltered')}
      clearLabel={translate('ansService.messages.clearFilters')}
    />
  );
}

const MessageResults = () => <AnsResults area="messages" columns={6} cards={<MessageCards />} table={<MessagesTable />} />;

/**
 * /ans-service/messages (`ansMessages`): the messages the answering service took for
 * the group, newest first; search (caller, number, text, account), status, kind and day filters;
 * mark handled (or open again); export what the filters keep as CSV.
 */
export function MessagesPage() {
  const translate = useTranslate();
  const queryOptions = useLoadErrorNotice('ansService.messages.loadError');
  return (
    <Box component="section" aria-label={translate('ansService.messages.heading')}>
      <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 760 }}>
        {translate('ansService.messages.intro')}
      </Typography>
      <List<AnsMessage>
        resource={MESSAGES}
        title={false}
        filters={messageFilters(translate)}
        sort={{ field: 'takenAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        storeKey="ansService.messages"
        actions={
          <TopToolbar>
            <ListExportButton resource={MESSAGES} href={ansMessagesExportUrl} label={translate('ansService.messages.export')} />
          </TopToolbar>
        }
        empty={<MessagesEmpty />}
        sx={ANS_LIST_SX}
        queryOptions={queryOptions}
      >
        <MessageResults />
      </List>
    </Box>
  );
}
