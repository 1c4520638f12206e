import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DoneIcon from '@mui/icons-material/Done';
import ReplayIcon from '@mui/icons-material/Replay';
import ForumIcon from '@mui/icons-material/Forum';
import { List, TopToolbar, useCanAccess, useLocaleState, useNotify, useTranslate, useUpdate } from 'react-admin';
import { ANS_MESSAGE_KINDS, ANS_MESSAGE_STATUSES, type AnsMessage } from '../../../schemas/ansService.js';
import { ansMessagesExportUrl } from '../providers/methods/ansServiceMethods.js';
import { failureMessage } from '../providers/errorMessages.js';
import { ListEmpty, ListExportButton } from '../resources/ListStates.js';
import { choiceFilter, dayRangeFilters, searchFilter } from '../resources/listFilters.js';
import { LIST_SX, ListResults, ListSection, useLoadErrorNotice, type Column } from '../resources/ResourceList.js';
import { KindChip, StatusChip } from './AnsShared.js';

const MESSAGES = 'ansMessages';
const MESSAGES_NS = 'ansService.messages';

function messageFilters(translate: (key: string) => string) {
  return [
    searchFilter(MESSAGES_NS, translate),
    choiceFilter(MESSAGES_NS, translate, { source: 'status', ids: ANS_MESSAGE_STATUSES, choiceKeys: 'ansService.statuses', minWidth: 140 }),
    choiceFilter(MESSAGES_NS, translate, { source: 'kind', ids: ANS_MESSAGE_KINDS, choiceKeys: 'ansService.kinds', minWidth: 140 }),
    ...dayRangeFilters(MESSAGES_NS),
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
    void update(
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
  const title = translate(handled ? 'ansService.messages.reopen' : 'ansService.messages.markHandled');
  if (compact) {
    return (
      <Tooltip title={title}>
        <span>
          <IconButton size="small" color={handled ? 'default' : 'primary'} disabled={isPending} onClick={change} aria-label={label}>
            {handled ? <ReplayIcon fontSize="small" /> : <DoneIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        variant={handled ? 'text' : 'outlined'}
        disabled={isPending}
        onClick={change}
        startIcon={handled ? <ReplayIcon /> : <DoneIcon />}
        aria-label={label}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {title}
      </Button>
    </Tooltip>
  );
}

const columns: Column<AnsMessage>[] = [
  { name: 'takenAt', source: 'takenAt', render: (m) => <TakenAt message={m} /> },
  { name: 'callerName', source: 'callerName', render: (m) => <Caller message={m} /> },
  {
    name: 'text',
    source: 'kind',
    render: (m) => (
      <Box sx={{ minWidth: 200, maxWidth: 420 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <KindChip kind={m.kind} />
          <AccountLine message={m} />
        </Box>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {m.text}
        </Typography>
      </Box>
    ),
  },
  {
    name: 'status',
    source: 'status',
    render: (m) => (
      <Box sx={{ minWidth: 120 }}>
        <Delivery message={m} />
      </Box>
    ),
  },
  { name: 'actions', render: (m) => <HandleButton message={m} compact /> },
];

/** A message on a phone. */
function MessageCard({ message }: { message: AnsMessage }) {
  return (
    <>
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
    </>
  );
}

const MessagesEmpty = () => <ListEmpty ns={MESSAGES_NS} testId="ans-messages-empty" icon={<ForumIcon />} />;

/**
 * /ans-service/messages (`ansMessages`): the messages the answering service took for
 * the group, newest first; search (caller, number, text, account), status, kind and day filters;
 * mark handled (or open again); export what the filters keep as CSV.
 */
export function MessagesPage() {
  const translate = useTranslate();
  const queryOptions = useLoadErrorNotice('ansService.messages.loadError');
  return (
    <ListSection ns={MESSAGES_NS}>
      <List<AnsMessage>
        resource={MESSAGES}
        title={false}
        filters={messageFilters(translate)}
        sort={{ field: 'takenAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        storeKey={MESSAGES_NS}
        actions={
          <TopToolbar>
            <ListExportButton resource={MESSAGES} href={ansMessagesExportUrl} label={translate('ansService.messages.export')} />
          </TopToolbar>
        }
        empty={<MessagesEmpty />}
        sx={LIST_SX}
        queryOptions={queryOptions}
      >
        <ListResults<AnsMessage>
          ns={MESSAGES_NS}
          columns={columns}
          rowSx={(m) => (m.status === 'new' ? { bgcolor: 'action.hover' } : {})}
          card={(message) => <MessageCard message={message} />}
          cardSx={(message) => (message.status === 'new' ? { borderLeft: 4, borderLeftColor: 'warning.main' } : undefined)}
          cardTestId="ans-message-card"
          empty={<MessagesEmpty />}
          skeletonColumns={6}
        />
      </List>
    </ListSection>
  );
}
