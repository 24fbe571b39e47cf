import type { SvgIconComponent } from '@mui/icons-material';
import BarChartIcon from '@mui/icons-material/BarChartOutlined';
import BedIcon from '@mui/icons-material/BedOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import HomeWorkIcon from '@mui/icons-material/HomeWorkOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import SellIcon from '@mui/icons-material/SellOutlined';
import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import type { Action, Subject } from '@tarifa/contract';

export interface NavItem {
  /** i18n key of the label. */
  title: string;
  to: string;
  icon?: SvgIconComponent;
  action?: Action;
  subject?: Subject;
  children?: NavItem[];
}

/** The vertical menu of SPEC §2; hidden entries are filtered by the user's rules. */
export const navigation: NavItem[] = [
  {
    title: 'nav:dashboards',
    to: '/dashboards',
    icon: SpaceDashboardIcon,
    action: 'read',
    subject: 'all',
  },
  {
    title: 'nav:pricingCentral',
    to: '/pricing-central',
    icon: SellIcon,
    action: 'read',
    subject: 'all',
    children: [
      {
        title: 'nav:priceSetup',
        to: '/pricing-central/price-setup',
        action: 'read',
        subject: 'all',
      },
      {
        title: 'nav:priceChanges',
        to: '/pricing-central/price-changes',
        action: 'read',
        subject: 'all',
      },
      { title: 'nav:roomForm', to: '/pricing-central/room-form', action: 'read', subject: 'all' },
    ],
  },
  {
    title: 'nav:proMembers',
    to: '/pricing-central/bi',
    icon: BarChartIcon,
    action: 'read',
    subject: 'all',
    children: [
      {
        title: 'nav:businessIntelligence',
        to: '/pricing-central/bi',
        action: 'read',
        subject: 'all',
      },
    ],
  },
  {
    title: 'nav:myProperty',
    to: '/my-property',
    icon: HomeWorkIcon,
    action: 'read',
    subject: 'all',
  },
  {
    title: 'nav:myAccount',
    to: '/account-settings/account',
    icon: PersonIcon,
    action: 'read',
    subject: 'all',
  },
  { title: 'nav:supportCenter', to: '/faq', icon: HelpIcon, action: 'read', subject: 'all' },
  { title: 'nav:admin', to: '/admin', icon: BedIcon, action: 'manage', subject: 'all' },
];
