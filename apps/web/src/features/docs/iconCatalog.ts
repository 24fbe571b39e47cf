import type { SvgIconComponent } from '@mui/icons-material';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AnalyticsOutlined from '@mui/icons-material/AnalyticsOutlined';
import AppsOutlined from '@mui/icons-material/AppsOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BedOutlined from '@mui/icons-material/BedOutlined';
import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import DesktopWindowsOutlined from '@mui/icons-material/DesktopWindowsOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import HotelOutlined from '@mui/icons-material/HotelOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Logout from '@mui/icons-material/Logout';
import Menu from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import RestartAlt from '@mui/icons-material/RestartAlt';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import Search from '@mui/icons-material/Search';
import SellOutlined from '@mui/icons-material/SellOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import StackedLineChartOutlined from '@mui/icons-material/StackedLineChartOutlined';
import Translate from '@mui/icons-material/Translate';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';

/** Which group of the design system an icon belongs to (`docs:icons.groups.<group>`). */
type IconGroup = 'navigation' | 'actions' | 'pricing' | 'analytics' | 'property' | 'status';

export interface CatalogIcon {
  /** The export name in `@mui/icons-material`. */
  name: string;
  icon: SvgIconComponent;
  group: IconGroup;
  /** `docs:icons.usage.<usage>`: where the app uses it. */
  usage: string;
  /** Points along the reading direction, so it is mirrored in Arabic. */
  mirrored?: boolean;
}

/** The icons Tarifa uses, and for what: one meaning per icon across the app. */
export const iconCatalog: CatalogIcon[] = [
  {
    name: 'SpaceDashboardOutlined',
    icon: SpaceDashboardOutlined,
    group: 'navigation',
    usage: 'dashboard',
  },
  { name: 'SellOutlined', icon: SellOutlined, group: 'pricing', usage: 'pricingCentral' },
  {
    name: 'PendingActionsOutlined',
    icon: PendingActionsOutlined,
    group: 'pricing',
    usage: 'priceChanges',
  },
  { name: 'BedOutlined', icon: BedOutlined, group: 'property', usage: 'roomTypes' },
  { name: 'EventOutlined', icon: EventOutlined, group: 'pricing', usage: 'seasons' },
  {
    name: 'StackedLineChartOutlined',
    icon: StackedLineChartOutlined,
    group: 'pricing',
    usage: 'fluctuation',
  },
  { name: 'PercentOutlined', icon: PercentOutlined, group: 'analytics', usage: 'occupancy' },
  { name: 'HotelOutlined', icon: HotelOutlined, group: 'analytics', usage: 'adr' },
  { name: 'QueryStatsOutlined', icon: QueryStatsOutlined, group: 'analytics', usage: 'revpar' },
  { name: 'PaymentsOutlined', icon: PaymentsOutlined, group: 'analytics', usage: 'revenue' },
  { name: 'InsightsOutlined', icon: InsightsOutlined, group: 'analytics', usage: 'bi' },
  { name: 'GridOnOutlined', icon: GridOnOutlined, group: 'analytics', usage: 'heatMap' },
  { name: 'BarChartOutlined', icon: BarChartOutlined, group: 'analytics', usage: 'salesAnalytics' },
  { name: 'HistoryOutlined', icon: HistoryOutlined, group: 'analytics', usage: 'occupancyHistory' },
  {
    name: 'AnalyticsOutlined',
    icon: AnalyticsOutlined,
    group: 'analytics',
    usage: 'analyticsHelp',
  },
  { name: 'HomeWorkOutlined', icon: HomeWorkOutlined, group: 'property', usage: 'myProperty' },
  { name: 'CollectionsOutlined', icon: CollectionsOutlined, group: 'property', usage: 'gallery' },
  {
    name: 'AddPhotoAlternateOutlined',
    icon: AddPhotoAlternateOutlined,
    group: 'property',
    usage: 'addPhotos',
  },
  { name: 'UploadFileOutlined', icon: UploadFileOutlined, group: 'property', usage: 'imports' },
  {
    name: 'PersonOutlineOutlined',
    icon: PersonOutlineOutlined,
    group: 'navigation',
    usage: 'myAccount',
  },
  { name: 'LockOutlined', icon: LockOutlined, group: 'navigation', usage: 'security' },
  { name: 'HelpOutlineOutlined', icon: HelpOutlineOutlined, group: 'navigation', usage: 'support' },
  {
    name: 'WorkspacePremiumOutlined',
    icon: WorkspacePremiumOutlined,
    group: 'navigation',
    usage: 'plans',
  },
  { name: 'RouteOutlined', icon: RouteOutlined, group: 'navigation', usage: 'tour' },
  {
    name: 'AdminPanelSettingsOutlined',
    icon: AdminPanelSettingsOutlined,
    group: 'navigation',
    usage: 'admin',
  },
  { name: 'Menu', icon: Menu, group: 'navigation', usage: 'openMenu' },
  { name: 'MenuOpen', icon: MenuOpen, group: 'navigation', usage: 'collapseMenu', mirrored: true },
  { name: 'AppsOutlined', icon: AppsOutlined, group: 'navigation', usage: 'shortcuts' },
  { name: 'Search', icon: Search, group: 'actions', usage: 'search' },
  { name: 'Translate', icon: Translate, group: 'actions', usage: 'language' },
  { name: 'LightModeOutlined', icon: LightModeOutlined, group: 'actions', usage: 'lightTheme' },
  { name: 'DarkModeOutlined', icon: DarkModeOutlined, group: 'actions', usage: 'darkTheme' },
  {
    name: 'DesktopWindowsOutlined',
    icon: DesktopWindowsOutlined,
    group: 'actions',
    usage: 'systemTheme',
  },
  { name: 'TuneOutlined', icon: TuneOutlined, group: 'actions', usage: 'preferences' },
  { name: 'RestartAlt', icon: RestartAlt, group: 'actions', usage: 'reset' },
  {
    name: 'NotificationsNoneOutlined',
    icon: NotificationsNoneOutlined,
    group: 'status',
    usage: 'notifications',
  },
  {
    name: 'CheckCircleOutlineOutlined',
    icon: CheckCircleOutlineOutlined,
    group: 'status',
    usage: 'included',
  },
  { name: 'SendOutlined', icon: SendOutlined, group: 'actions', usage: 'send', mirrored: true },
  { name: 'Logout', icon: Logout, group: 'actions', usage: 'logout', mirrored: true },
  { name: 'Close', icon: Close, group: 'actions', usage: 'close' },
  { name: 'ExpandMore', icon: ExpandMore, group: 'actions', usage: 'expand' },
  { name: 'KeyboardArrowUp', icon: KeyboardArrowUp, group: 'actions', usage: 'scrollToTop' },
  { name: 'ArrowForward', icon: ArrowForward, group: 'actions', usage: 'goOn', mirrored: true },
  { name: 'ChevronLeft', icon: ChevronLeft, group: 'actions', usage: 'previous', mirrored: true },
  { name: 'ChevronRight', icon: ChevronRight, group: 'actions', usage: 'next', mirrored: true },
  { name: 'VisibilityOutlined', icon: VisibilityOutlined, group: 'actions', usage: 'showPassword' },
  {
    name: 'VisibilityOffOutlined',
    icon: VisibilityOffOutlined,
    group: 'actions',
    usage: 'hidePassword',
  },
];
