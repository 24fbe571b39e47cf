import { BusinessSwitcher } from '@/features/businesses/components/BusinessSwitcher';

/**
 * The start of the navbar, after the menu button: the business switcher. Anything
 * placed here should stay compact: on a phone it shares the bar with the search and the menus.
 */
export function NavbarStart() {
  return <BusinessSwitcher />;
}
