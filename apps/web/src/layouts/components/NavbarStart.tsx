/**
 * The start of the navbar, after the menu button: the place of the business switcher (SPEC §3/§4,
 * issue 5 adds `<BusinessSwitcher />` here). Anything placed here should stay compact: on a phone
 * it shares the bar with the search and the menus.
 */
export function NavbarStart() {
  return null;
}
