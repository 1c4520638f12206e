// The icons the portal draws, by their Material Symbols name: the icon viewer (SPEC §2 icons) lists them all.
// Kept complete by portalIcons.test.ts, which reads every '@mui/icons-material/…' import under src/web.
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AddIcon from '@mui/icons-material/Add';
import AddLinkIcon from '@mui/icons-material/AddLink';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import BrushIcon from '@mui/icons-material/Brush';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CampaignIcon from '@mui/icons-material/Campaign';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckIcon from '@mui/icons-material/Check';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CircleIcon from '@mui/icons-material/Circle';
import ClearIcon from '@mui/icons-material/Clear';
import CloseIcon from '@mui/icons-material/Close';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import ContactsIcon from '@mui/icons-material/Contacts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteIcon from '@mui/icons-material/Delete';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DescriptionIcon from '@mui/icons-material/Description';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import DoneIcon from '@mui/icons-material/Done';
import DownloadIcon from '@mui/icons-material/Download';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EmailIcon from '@mui/icons-material/Email';
import ErrorIcon from '@mui/icons-material/Error';
import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import ForumIcon from '@mui/icons-material/Forum';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import GridOnIcon from '@mui/icons-material/GridOn';
import GridViewIcon from '@mui/icons-material/GridView';
import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import HistoryIcon from '@mui/icons-material/History';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import ImageIcon from '@mui/icons-material/Image';
import InboxIcon from '@mui/icons-material/Inbox';
import InfoIcon from '@mui/icons-material/Info';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructions';
import KeyIcon from '@mui/icons-material/Key';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LockIcon from '@mui/icons-material/Lock';
import LockClockIcon from '@mui/icons-material/LockClock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MapIcon from '@mui/icons-material/Map';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PauseIcon from '@mui/icons-material/Pause';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PhoneIcon from '@mui/icons-material/Phone';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PolicyIcon from '@mui/icons-material/Policy';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplayIcon from '@mui/icons-material/Replay';
import ReplyIcon from '@mui/icons-material/Reply';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import RouterIcon from '@mui/icons-material/Router';
import ScienceIcon from '@mui/icons-material/Science';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import SendIcon from '@mui/icons-material/Send';
import SensorsIcon from '@mui/icons-material/Sensors';
import SettingsIcon from '@mui/icons-material/Settings';
import SettingsApplicationsIcon from '@mui/icons-material/SettingsApplications';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SummarizeIcon from '@mui/icons-material/Summarize';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TableViewIcon from '@mui/icons-material/TableView';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import TranslateIcon from '@mui/icons-material/Translate';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ViewSidebarIcon from '@mui/icons-material/ViewSidebar';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import WarningIcon from '@mui/icons-material/Warning';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import WebhookIcon from '@mui/icons-material/Webhook';

export const PORTAL_ICONS: Record<string, SvgIconComponent> = {
  AccountBalance: AccountBalanceIcon,
  AccountCircle: AccountCircleIcon,
  Add: AddIcon,
  AddLink: AddLinkIcon,
  ArrowBack: ArrowBackIcon,
  ArrowDownward: ArrowDownwardIcon,
  ArrowUpward: ArrowUpwardIcon,
  AttachFile: AttachFileIcon,
  Autorenew: AutorenewIcon,
  Block: BlockIcon,
  Brush: BrushIcon,
  CalendarMonth: CalendarMonthIcon,
  Campaign: CampaignIcon,
  Cancel: CancelIcon,
  Check: CheckIcon,
  CheckCircle: CheckCircleIcon,
  CheckCircleOutline: CheckCircleOutlineIcon,
  ChevronLeft: ChevronLeftIcon,
  ChevronRight: ChevronRightIcon,
  Circle: CircleIcon,
  Clear: ClearIcon,
  Close: CloseIcon,
  ContactPhone: ContactPhoneIcon,
  ContactPhoneOutlined: ContactPhoneOutlinedIcon,
  Contacts: ContactsIcon,
  ContentCopy: ContentCopyIcon,
  DarkMode: DarkModeIcon,
  Dashboard: DashboardIcon,
  Delete: DeleteIcon,
  DeleteOutline: DeleteOutlineIcon,
  Description: DescriptionIcon,
  DoNotDisturb: DoNotDisturbIcon,
  Done: DoneIcon,
  Download: DownloadIcon,
  DragIndicator: DragIndicatorIcon,
  Edit: EditIcon,
  EditCalendarOutlined: EditCalendarOutlinedIcon,
  EditNote: EditNoteIcon,
  EditOutlined: EditOutlinedIcon,
  Email: EmailIcon,
  Error: ErrorIcon,
  Event: EventIcon,
  EventAvailable: EventAvailableIcon,
  EventBusy: EventBusyIcon,
  EventRepeat: EventRepeatIcon,
  ExpandMore: ExpandMoreIcon,
  FactCheck: FactCheckIcon,
  FilterAlt: FilterAltIcon,
  FolderOpen: FolderOpenIcon,
  Forum: ForumIcon,
  GppMaybe: GppMaybeIcon,
  GridOn: GridOnIcon,
  GridView: GridViewIcon,
  HeadsetMic: HeadsetMicIcon,
  HelpOutline: HelpOutlineIcon,
  HighlightOff: HighlightOffIcon,
  History: HistoryIcon,
  HistoryEdu: HistoryEduIcon,
  Image: ImageIcon,
  Inbox: InboxIcon,
  Info: InfoIcon,
  InfoOutlined: InfoOutlinedIcon,
  IntegrationInstructions: IntegrationInstructionsIcon,
  Key: KeyIcon,
  Leaderboard: LeaderboardIcon,
  ListAlt: ListAltIcon,
  Lock: LockIcon,
  LockClock: LockClockIcon,
  LockOpen: LockOpenIcon,
  LockOutlined: LockOutlinedIcon,
  Logout: LogoutIcon,
  ManageAccounts: ManageAccountsIcon,
  Map: MapIcon,
  MarkEmailRead: MarkEmailReadIcon,
  MarkEmailUnread: MarkEmailUnreadIcon,
  MoreHoriz: MoreHorizIcon,
  MoreVert: MoreVertIcon,
  Newspaper: NewspaperIcon,
  NotificationImportant: NotificationImportantIcon,
  NotificationsActive: NotificationsActiveIcon,
  OpenInNew: OpenInNewIcon,
  Pause: PauseIcon,
  PeopleAlt: PeopleAltIcon,
  PersonAdd: PersonAddIcon,
  Phone: PhoneIcon,
  PhoneInTalk: PhoneInTalkIcon,
  PictureAsPdf: PictureAsPdfIcon,
  PlayArrow: PlayArrowIcon,
  Policy: PolicyIcon,
  RadioButtonUnchecked: RadioButtonUncheckedIcon,
  Receipt: ReceiptIcon,
  ReceiptLong: ReceiptLongIcon,
  Refresh: RefreshIcon,
  Replay: ReplayIcon,
  Reply: ReplyIcon,
  RestartAlt: RestartAltIcon,
  Router: RouterIcon,
  Science: ScienceIcon,
  ScienceOutlined: ScienceOutlinedIcon,
  Search: SearchIcon,
  SearchOff: SearchOffIcon,
  Send: SendIcon,
  Sensors: SensorsIcon,
  Settings: SettingsIcon,
  SettingsApplications: SettingsApplicationsIcon,
  Star: StarIcon,
  StarBorder: StarBorderIcon,
  StopCircleOutlined: StopCircleOutlinedIcon,
  Storefront: StorefrontIcon,
  Summarize: SummarizeIcon,
  SupervisorAccount: SupervisorAccountIcon,
  SwapHoriz: SwapHorizIcon,
  TableView: TableViewIcon,
  ToggleOff: ToggleOffIcon,
  ToggleOn: ToggleOnIcon,
  Translate: TranslateIcon,
  UploadFile: UploadFileIcon,
  ViewSidebar: ViewSidebarIcon,
  Visibility: VisibilityIcon,
  VisibilityOff: VisibilityOffIcon,
  VpnKeyOutlined: VpnKeyOutlinedIcon,
  Warning: WarningIcon,
  WarningAmber: WarningAmberIcon,
  Webhook: WebhookIcon,
};
