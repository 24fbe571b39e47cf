import type { SvgIconComponent } from '@mui/icons-material';
import BedIcon from '@mui/icons-material/BedOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import HomeWorkIcon from '@mui/icons-material/HomeWorkOutlined';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import PendingActionsIcon from '@mui/icons-material/PendingActionsOutlined';
import SellIcon from '@mui/icons-material/SellOutlined';

interface Shortcut {
  /** i18n key of the label; `shell:shortcuts.<id>` holds the line under it. */
  id: string;
  title: string;
  to: string;
  icon: SvgIconComponent;
}

/** The pages an owner opens most, one click away from anywhere (the navbar's shortcuts). */
export const shortcuts: Shortcut[] = [
  { id: 'pricingCentral', title: 'nav:pricingCentral', to: '/pricing-central', icon: SellIcon },
  {
    id: 'priceChanges',
    title: 'nav:priceChanges',
    to: '/pricing-central/price-changes',
    icon: PendingActionsIcon,
  },
  { id: 'roomForm', title: 'nav:roomForm', to: '/pricing-central/room-form', icon: BedIcon },
  { id: 'bi', title: 'nav:businessIntelligence', to: '/pricing-central/bi', icon: InsightsIcon },
  { id: 'myProperty', title: 'nav:myProperty', to: '/my-property', icon: HomeWorkIcon },
  { id: 'supportCenter', title: 'nav:supportCenter', to: '/faq', icon: HelpIcon },
];
